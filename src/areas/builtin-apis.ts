// The public APIs of the areas the world still builds itself (not yet definitions in the list),
// typed for `ctx.area(name)`. As an area moves into the list, its entry moves into its own folder.
import type { ApiKeyStore } from './api-keys/public.js';
import type { ByokStore } from './byok/public.js';
import type { ChatReplies } from './chat/public.js';
import type { ChatThreadStore } from './chat/public.js';
import type { CtaStore } from './chat-cta/public.js';
import type { A2aTaskStore } from './a2a/public.js';
import type { ConfigStore } from './config/public.js';
import type { EmbedAuth } from './embed-auth/public.js';
import type { EmbedAuthStore } from './embed-auth/public.js';
import type { FeedbackStore } from './feedback/public.js';
import type { GroupStore } from './groups/public.js';
import type { MemberStore } from './members/public.js';
import type { OAuthStore } from './oauth/public.js';
import type { ClientRegistry } from './oauth/public.js';
import type { PermissionStore } from './permissions/public.js';
import type { RagFileServices } from './rag-files/public.js';
import type { RagSearchStore } from './rag-search/public.js';
import type { ReleaseStore } from './releases/public.js';
import type { TermsStore } from './terms/public.js';
import type { UsageStore } from './tiers/public.js';
import type { TranscriptStore } from './transcripts/public.js';
import type { UserStore } from './users/public.js';
import type { CloneJobStore } from './workspace-clone/public.js';
import type { WorkspaceStore } from './workspaces/public.js';
import type { PaymentLedger } from './x402/public.js';

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
  members: MemberStore;
  'workspace-clone': CloneJobStore;
  byok: ByokStore;
  groups: GroupStore;
  permissions: PermissionStore;
  config: ConfigStore;
}

declare module '../core/area.js' {
  interface AreaApis extends BuiltinAreaApis {}
}
