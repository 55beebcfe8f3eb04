// The public APIs of the areas the world still builds itself (not yet definitions in the list),
// typed for `ctx.area(name)`. As an area moves into the list, its entry moves into its own folder.
import type { ApiKeyStore } from './api-keys/store.js';
import type { LockoutStore } from './auth/store.js';
import type { ByokStore } from './byok/store.js';
import type { ChatReplies } from './chat/replies.js';
import type { ChatThreadStore } from './chat/thread-store.js';
import type { CtaStore } from './chat-cta/store.js';
import type { A2aTaskStore } from './a2a/task-store.js';
import type { ConfigStore } from './config/store.js';
import type { EmbedAuth } from './embed-auth/service.js';
import type { EmbedAuthStore } from './embed-auth/store.js';
import type { FeedbackStore } from './feedback/store.js';
import type { GroupStore } from './groups/store.js';
import type { MemberStore } from './members/store.js';
import type { OAuthStore } from './oauth/store.js';
import type { ClientRegistry } from './oauth/registration.js';
import type { PermissionStore } from './permissions/store.js';
import type { RagFileServices } from './rag-files/services.js';
import type { RagSearchStore } from './rag-search/store.js';
import type { RateLimitRequestStore } from './rate-limit-requests/store.js';
import type { ReleaseStore } from './releases/store.js';
import type { TermsStore } from './terms/store.js';
import type { UsageStore } from './tiers/usage-store.js';
import type { TranscriptStore } from './transcripts/store.js';
import type { UserStore } from './users/store.js';
import type { CloneJobStore } from './workspace-clone/store.js';
import type { WorkspaceStore } from './workspaces/store.js';
import type { PaymentLedger } from './x402/store.js';

/** Chat as other areas use it: threads, and a release's reply to a prompt from chat's own generator. */
export interface ChatAreaApi {
  threads: ChatThreadStore;
  replies: ChatReplies;
  ctas: CtaStore;
  a2aTasks: A2aTaskStore;
  payments: PaymentLedger;
}

export interface BuiltinAreaApis {
  users: UserStore;
  workspaces: WorkspaceStore;
  'api-keys': ApiKeyStore;
  transcripts: TranscriptStore;
  releases: ReleaseStore;
  terms: TermsStore;
  feedback: FeedbackStore;
  /** Usage counters behind the tier quotas. */
  tiers: UsageStore;
  /** The RAG area: targets, files, events, pipeline, uploads, upload limiter, workspace limits. */
  rag: RagFileServices;
  'rag-search': RagSearchStore;
  chat: ChatAreaApi;
  'embed-auth': { service: EmbedAuth; sessions: EmbedAuthStore };
  oauth: { store: OAuthStore; clients: ClientRegistry };
  auth: LockoutStore;
  members: MemberStore;
  'workspace-clone': CloneJobStore;
  byok: ByokStore;
  groups: GroupStore;
  permissions: PermissionStore;
  'rate-limit-requests': RateLimitRequestStore;
  config: ConfigStore;
}

declare module '../core/area.js' {
  interface AreaApis extends BuiltinAreaApis {}
}
