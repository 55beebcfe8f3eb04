// Every route of the emulator classified for the tenant walk: `scoped` routes name a workspace or a
// workspace-owned resource in their path and must refuse another workspace's callers; `own` routes
// act on the caller's own workspace (workspace B naming A anywhere must not reach A); `public`
// routes take no workspace by design, each with its reason. A route missing here fails the walk.
import type { AIds } from './tenant-setup.js';

/** One probe of a scoped route: which of A's ids fill its path, and whether a caller without credentials may pass. */
export interface Variant {
  /** Path parameter → key in A's ids (default: the parameter's own name). */
  params?: Record<string, string>;
  /** Why a caller with no credentials legitimately reaches this id (the spec's no-auth paths). */
  anonymous?: string;
  /** Another refusal this probe may answer, with why it tells B nothing (the answer an unknown id gets). */
  alsoRefused?: { status: number; reason: string };
}

export type Rule =
  | { kind: 'public'; reason: string }
  | { kind: 'scoped'; body?: (ids: AIds) => unknown; variants?: Variant[] }
  | { kind: 'own'; body?: (ids: AIds) => unknown; anonymous?: string };

export const scoped = (body?: (ids: AIds) => unknown, ...variants: Variant[]): Rule => ({ kind: 'scoped', ...(body && { body }), ...(variants.length > 0 && { variants }) });
export const own = (body?: (ids: AIds) => unknown): Rule => ({ kind: 'own', ...(body && { body }) });
export const pub = (reason: string): Rule => ({ kind: 'public', reason });

/** The emulator's control plane: the test harness's own API (item 1 of issue 12 guards it by origin and host). */
export const CONTROL_PREFIXES = ['/__emulator/'];
export const CONTROL_ROUTES = ['GET /openapi.json'];

const message = () => ({ role: 'user', content: 'written by B' });
const rag = { groupId: 'ragGroupId' };
const wsGroup = { groupId: 'workspaceGroupId' };

export const RULES: Record<string, Rule> = {
  // Transcripts: the key-only mount and the workspace mount.
  'GET /api/v1/transcripts': own(),
  'POST /api/v1/transcripts': own((ids) => ({ title: 'B', workspaceId: ids.workspaceId })),
  'GET /api/v1/transcripts/:transcriptId': scoped(),
  'DELETE /api/v1/transcripts/:transcriptId': scoped(),
  'POST /api/v1/transcripts/:transcriptId/messages': scoped(message),
  'POST /api/v1/transcripts/:transcriptId/ingest-batch': scoped(() => ({ items: [message()] })),
  'GET /api/v1/workspaces/:workspaceId/transcripts': scoped(),
  'POST /api/v1/workspaces/:workspaceId/transcripts': scoped(() => ({ title: 'B' })),
  'GET /api/v1/workspaces/:workspaceId/transcripts/:transcriptId': scoped(),
  'DELETE /api/v1/workspaces/:workspaceId/transcripts/:transcriptId': scoped(),
  'POST /api/v1/workspaces/:workspaceId/transcripts/:transcriptId/messages': scoped(message),
  'POST /api/v1/workspaces/:workspaceId/transcripts/:transcriptId/ingest-batch': scoped(() => ({ items: [message()] })),

  // Service-agent: credentials optional but binding; with none, only a session's own transcript.
  'GET /api/v1/service-agent/health': pub('health check, no workspace'),
  'POST /api/v1/service-agent/transcript': {
    kind: 'own',
    body: (ids) => ({ sessionId: 'walk-session-a', workspaceId: ids.workspaceId }),
    anonymous: 'spec section 4: "create or get the transcript of a session", none declared: the workspace and session id name it',
  },
  'POST /api/v1/service-agent/transcript/:transcriptId/sync': scoped(
    () => ({ messages: [message(), message()] }),
    { params: { transcriptId: 'sessionTranscriptId' }, anonymous: 'spec section 4: service-agent sessions are "none declared"; the session transcript is the no-auth path' },
    { params: { transcriptId: 'transcriptId' } },
  ),
  'GET /api/v1/service-agent/transcript/:transcriptId/messages': scoped(
    undefined,
    { params: { transcriptId: 'sessionTranscriptId' }, anonymous: 'spec section 4: restoring a service-agent session needs no auth' },
    { params: { transcriptId: 'transcriptId' } },
  ),

  // RAG files, uploads, targets, groups, search.
  'GET /api/v1/rag/files': own(),
  'POST /api/v1/rag/files': own(),
  'GET /api/v1/rag/files/:fileId': scoped(),
  'PATCH /api/v1/rag/files/:fileId': scoped(() => ({ title: 'B' })),
  'DELETE /api/v1/rag/files/:fileId': scoped(),
  'GET /api/v1/rag/files/:fileId/vectorize-status': scoped(),
  'GET /api/v1/rag/files/:fileId/chunks': scoped(),
  'POST /api/v1/rag/files/:fileId/reindex': scoped(() => ({})),
  'POST /api/v1/rag/presigned': own(() => [{ byteSize: 5, filename: 'b.txt' }]),
  'PUT /api/v1/rag/presigned/:uploadId': pub('a presigned upload URL: the unguessable upload id is the capability (as S3 presigned PUTs)'),
  'POST /api/v1/rag/files/estimate-cost': own(),
  'POST /api/v1/rag/files/audio': own(),
  'POST /api/v1/rag/files/audio-from-presigned': own((ids) => ({ fileKey: ids.fileKey })),
  'GET /api/v1/rag/targets': own(),
  'POST /api/v1/rag/targets': own(() => ({ title: 'B' })),
  'GET /api/v1/rag/targets/:collectionId': scoped(),
  'PATCH /api/v1/rag/targets/:collectionId': scoped(() => ({ title: 'B' })),
  'DELETE /api/v1/rag/targets/:collectionId': scoped(),
  'POST /api/v1/rag/targets/:collectionId/migrate': scoped(() => ({ embeddingModel: 'text-embedding-3-small' })),
  'POST /api/v1/rag/targets/:collectionId/fork': scoped(() => ({ title: 'B fork' })),
  'GET /api/v1/rag/targets/:collectionId/all-chunks': scoped(),
  'GET /white-label/:workspaceId/rag-vector/:vectorId/all-chunks': scoped(),
  'POST /api/v1/rag/targets/:collectionId/bulk-reindex': scoped(() => ({})),
  'POST /api/v1/rag/targets/:collectionId/prune-ghost-refs': scoped(() => ({})),
  'GET /api/v1/rag/targets/:collectionId/events': scoped(),
  'GET /api/v1/rag/groups': own(),
  'POST /api/v1/rag/groups': own((ids) => ({ name: 'B', targetIds: [ids.collectionId] })),
  'GET /api/v1/rag/groups/:groupId': scoped(undefined, { params: rag }),
  'PATCH /api/v1/rag/groups/:groupId': scoped(() => ({ name: 'B' }), { params: rag }),
  'DELETE /api/v1/rag/groups/:groupId': scoped(undefined, { params: rag }),
  'POST /api/v1/rag/groups/:groupId/vectors': scoped((ids) => ({ vectorIds: [ids.collectionId] }), { params: rag }),
  'DELETE /api/v1/rag/groups/:groupId/vectors/:vectorId': scoped(undefined, { params: rag }),
  'GET /api/v1/rag/search': own(),
  'POST /api/v1/rag/context': own((ids) => ({ query: 'refund', groupId: ids.ragGroupId })),

  // Embed sign-in: the key in the body or header picks the workspace.
  'POST /embed/login': pub('embed sign-in: the API key presented (body or header) is the workspace; nothing is named by id'),
  'POST /embed/validate-login': pub('embed sign-in: the refresh token is the credential; bound to its own key and release'),
  'POST /embed/refresh': pub('embed sign-in: the refresh token is the credential'),

  // API keys and quota.
  'GET /api/v1/workspaces/:workspaceId/api-keys': scoped(),
  'POST /api/v1/workspaces/:workspaceId/api-keys': scoped(() => ({ name: 'B' })),
  'GET /api/v1/workspaces/:workspaceId/api-keys/:keyId': scoped(),
  'PATCH /api/v1/workspaces/:workspaceId/api-keys/:keyId': scoped(() => ({ name: 'B' })),
  'DELETE /api/v1/workspaces/:workspaceId/api-keys/:keyId': scoped(),
  'POST /api/v1/workspaces/:workspaceId/api-keys/:keyId/revoke': scoped(() => ({})),
  'POST /api/v1/workspaces/:workspaceId/api-keys/:keyId/rotate': scoped(() => ({})),
  'POST /api/v1/workspaces/:workspaceId/api-keys/:keyId/revoke-sessions': scoped(() => ({})),
  'GET /api/v1/quota': own(),
  'POST /api/v1/auth/validate-key': pub('validates the key in the request; answers only about that key'),

  // OAuth and discovery.
  'GET /.well-known/openid-configuration': pub('OIDC discovery'),
  'GET /.well-known/oauth-authorization-server': pub('OAuth discovery'),
  'GET /.well-known/oauth-protected-resource': pub('OAuth protected-resource metadata'),
  'GET /.well-known/oauth-protected-resource/:resource': pub('OAuth protected-resource metadata'),
  'GET /.well-known/oauth-protected-resource/:tenant/:resource': pub('OAuth protected-resource metadata per tenant: issuer and scopes only'),
  'GET /.well-known/jwks.json': pub('public signing keys'),
  'GET /oauth/authorize': pub('OAuth authorization endpoint: the user signs in there'),
  'POST /oauth/authorize': pub('OAuth authorization endpoint: the user signs in there'),
  'POST /oauth/register': pub('OAuth dynamic client registration'),
  'POST /oauth/token': pub('OAuth token endpoint: the grant is the credential'),
  'POST /oauth/revoke': pub('OAuth token revocation: the token is the credential'),
  'GET /oauth/userinfo': pub('the bearer’s own profile; no workspace'),

  // Workspaces, clone jobs, members.
  'GET /api/v1/workspaces': own(),
  'POST /api/v1/workspaces': own(() => ({ name: 'B two' })),
  'GET /api/v1/workspaces/:workspaceId': scoped(),
  'PATCH /api/v1/workspaces/:workspaceId': scoped(() => ({ name: 'B' })),
  'DELETE /api/v1/workspaces/:workspaceId': scoped(),
  'POST /api/v1/workspaces/:workspaceId/clone': scoped(() => ({ name: 'B copy' })),
  'GET /api/v1/workspaces/clone-jobs/:jobId': scoped(),
  'GET /api/v1/workspaces/:workspaceId/clone-jobs/:jobId': scoped(),
  'GET /api/v1/workspaces/:workspaceId/members': scoped(),
  'POST /api/v1/workspaces/:workspaceId/members': scoped(() => ({ userId: 'user_dan', role: 'owner' })),
  'GET /api/v1/workspaces/:workspaceId/members/:userId': scoped(),
  'PATCH /api/v1/workspaces/:workspaceId/members/:userId': scoped(() => ({ role: 'owner' })),
  'DELETE /api/v1/workspaces/:workspaceId/members/:userId': scoped(),

  // Workspace settings picked by the caller's credentials (header, query or only workspace).
  'GET /api/v1/config': own(),
  'PUT /api/v1/config/title': own(() => ({ title: 'B' })),
  'PUT /api/v1/config/description': own(() => ({ description: 'B' })),
  'GET /api/v1/config/export': own(),
  'GET /api/v1/byok': own(),
  'POST /api/v1/byok': own(() => ({ provider: 'openai', key: 'sk-written-by-b-01' })),
  'GET /api/v1/byok/:byokId': scoped(),
  'POST /api/v1/byok/:byokId/rotate': scoped(() => ({ key: 'sk-written-by-b-02' })),
  'DELETE /api/v1/byok/:byokId': scoped(),
  // Model lifecycle (emulator-defined): training data, fine-tune, the workspace chat mount.
  'GET /api/v1/training-data': own(),
  'POST /api/v1/training-data/generate': own((ids) => ({ fileIds: [ids.fileId], ragVectorId: ids.collectionId, transcriptIds: [ids.transcriptId] })),
  'GET /api/v1/training-data/:trainingDataId': scoped(),
  'GET /api/v1/training-data/:trainingDataId/status': scoped(),
  'GET /api/v1/training-data/:trainingDataId/pairs': scoped(),
  'GET /api/v1/training-data/:trainingDataId/export': scoped(),
  'POST /api/v1/training-data/:trainingDataId/export-to-rag': scoped((ids) => ({ ragVectorId: ids.collectionId })),
  'DELETE /api/v1/training-data/:trainingDataId': scoped(),
  'GET /api/v1/fine-tune': own(),
  'POST /api/v1/fine-tune': own((ids) => ({ baseModel: 'gpt-4o-mini', trainingData: ids.trainingDataId })),
  'POST /api/v1/fine-tune/copy-from': own((ids) => ({ sourceWorkspaceId: ids.workspaceId, fineTuneId: ids.fineTuneId })),
  'GET /api/v1/fine-tune/:fineTuneId': scoped(),
  'GET /api/v1/fine-tune/:fineTuneId/status': scoped(),
  'POST /api/v1/fine-tune/:fineTuneId/start': scoped(),
  'POST /api/v1/fine-tune/:fineTuneId/cancel': scoped(),
  'POST /api/v1/fine-tune/:fineTuneId/export-to-qa': scoped(() => ({})),
  'DELETE /api/v1/fine-tune/:fineTuneId': scoped(),
  'POST /api/v1/workspaces/:workspaceId/chat/completions': scoped(() => ({ messages: [message()] })),
  // Threads admin view, thread prefixes, model edits (emulator-defined); the workspace mount's prefix create.
  'POST /white-label/:workspaceId/thread-prefix': scoped(() => ({ prefix: ['Written by B'] })),
  'GET /api/v1/thread-prefixes': own(),
  'POST /api/v1/thread-prefixes': own(() => ({ prefix: ['Written by B'] })),
  'GET /api/v1/thread-prefixes/:prefixId': scoped(),
  'PATCH /api/v1/thread-prefixes/:prefixId': scoped(() => ({ title: 'B' })),
  'POST /api/v1/thread-prefixes/:prefixId/publish': scoped(() => ({})),
  'GET /api/v1/thread-prefixes/:prefixId/versions': scoped(),
  'POST /api/v1/thread-prefixes/:prefixId/restore': scoped(() => ({ version: 1 })),
  'DELETE /api/v1/thread-prefixes/:prefixId': scoped(),
  'GET /api/v1/threads': own(),
  'GET /api/v1/threads/:threadId': scoped(),
  'PATCH /api/v1/threads/:threadId': scoped(() => ({ title: 'B' })),
  'DELETE /api/v1/threads/:threadId': scoped(),
  'GET /api/v1/threads/:threadId/export': scoped(),
  'GET /api/v1/model-edits': own(),
  'POST /api/v1/model-edits': own((ids) => ({ releaseId: ids.releaseId, prompt: 'Written by B?', correctedReply: 'B.' })),
  'GET /api/v1/model-edits/export': own(),
  'POST /api/v1/model-edits/export-to-training-data': own((ids) => ({ editIds: [ids.editId], status: 'all' })),
  'GET /api/v1/model-edits/:editId': scoped(),
  'PATCH /api/v1/model-edits/:editId': scoped(() => ({ title: 'B' })),
  'POST /api/v1/model-edits/:editId/apply': scoped(),
  'POST /api/v1/model-edits/:editId/revert': scoped(),
  'DELETE /api/v1/model-edits/:editId': scoped(),
  'GET /api/v1/groups': own(),
  'POST /api/v1/groups': own(() => ({ name: 'B' })),
  'GET /api/v1/groups/:groupId': scoped(undefined, { params: wsGroup }),
  'PATCH /api/v1/groups/:groupId': scoped(() => ({ name: 'B' }), { params: wsGroup }),
  'DELETE /api/v1/groups/:groupId': scoped(undefined, { params: wsGroup }),
  'POST /api/v1/groups/:groupId/invite': scoped(() => ({ email: 'b@globex.example' }), { params: wsGroup }),
  'POST /api/v1/groups/:groupId/remove-user': scoped(() => ({ email: 'staff@acme.example' }), { params: wsGroup }),
  'GET /api/v1/permissions': own(),
  'GET /api/v1/permissions/mine': own(),
  'POST /api/v1/permissions/grant': own((ids) => ({ resource: `release:${ids.releaseId}`, principal: 'user:user_dan', role: 'admin' })),
  'POST /api/v1/permissions/revoke': own((ids) => ({ id: ids.grantId })),
  'DELETE /api/v1/permissions/:grantId': scoped(),
  'POST /api/v1/workspaces/:workspaceId/rate-limit-requests': scoped(() => ({ keyId: 'key_full', requestsPerMinute: 10 })),
  'GET /api/v1/workspaces/:workspaceId/rate-limit-requests': scoped(),
  'GET /api/v1/admin/rate-limit-requests': own(),
  'POST /api/v1/admin/rate-limit-requests/:requestId/decide': scoped(() => ({ status: 'approved' })),

  // Releases, CTA, public bootstrap.
  'GET /api/v1/releases': own(),
  'POST /api/v1/releases': own((ids) => ({ title: 'B', from: ids.releaseId })),
  'GET /api/v1/releases/:releaseId': scoped(),
  'PATCH /api/v1/releases/:releaseId': scoped(() => ({ title: 'B' })),
  'DELETE /api/v1/releases/:releaseId': scoped(),
  'POST /api/v1/releases/:releaseId/publish': scoped(),
  'POST /api/v1/releases/:releaseId/deprecate': scoped(),
  // Also from B's own release: cloning it into A, or deriving its theme from A's release, finds nothing.
  'POST /api/v1/releases/:releaseId/clone': scoped((ids) => ({ toWorkspaceId: ids.workspaceId }), {}, { params: { releaseId: 'bReleaseId' } }),
  'POST /api/v1/releases/:releaseId/derive-theme': scoped((ids) => ({ from: ids.releaseId }), {}, {
    params: { releaseId: 'bReleaseId' },
    alsoRefused: { status: 400, reason: 'body.from names no release of B: the same 400 as an unknown id' },
  }),
  'GET /white-label-release/:releaseId': pub('public release bootstrap (REAL-WIRE section 3): published releases are public by id'),
  'GET /api/v1/releases/:releaseId/cta': scoped(),
  'PUT /api/v1/releases/:releaseId/cta': scoped(() => ({ cta: { title: 'B', teaserText: 'B', triggerKeywords: ['b'], ctaType: 'link-out', targetUrl: 'https://b.example', buttonLabel: 'B' } })),
  'GET /api/v1/releases/:releaseId/cta/versions': scoped(),
  'POST /api/v1/releases/:releaseId/cta/versions/:version/restore': scoped(() => ({})),

  // Terms and feedback.
  'GET /api/v1/terms': own(),
  'POST /api/v1/terms': own((ids) => ({ title: 'B', releaseId: ids.releaseId })),
  'GET /api/v1/terms/gate': pub('an end user’s terms gate for a release: what a visitor of a public release must accept'),
  'POST /api/v1/terms/accept': pub('an end user accepts a release’s published terms (spec section 2); no workspace data is read'),
  'POST /white-label-release/:releaseId/terms-of-service/accept': pub('landing visitors accept a release’s terms with no headers (REAL-WIRE section 5)'),
  'GET /api/v1/terms/:tosId': scoped(),
  'PATCH /api/v1/terms/:tosId': scoped(() => ({ title: 'B' })),
  'POST /api/v1/terms/:tosId/publish': scoped(() => ({})),
  'POST /api/v1/feedback': pub('end users vote on a release’s answers (the release’s own auth mode decides who)'),
  'GET /api/v1/feedback': own(),
  'POST /api/v1/feedback/:feedbackId/read': scoped(() => ({})),
  'POST /api/v1/feedback/:feedbackId/unread': scoped(() => ({})),

  // Tool-server config: public unless the release turns anonymous use off (A's has).
  'GET /api/v1/mcp-config/:whitelabelId': scoped(),

  // Chat: end users; threads belong to the end user who made them.
  'GET /api/v1/chat/threads': own(),
  'POST /api/v1/chat/threads': pub('end users open threads on releases whose auth mode lets them in (chat contract)'),
  'GET /api/v1/chat/threads/:threadId': scoped(),
  'PATCH /api/v1/chat/threads/:threadId': scoped(() => ({ title: 'B' })),
  'POST /api/v1/chat/anonymous': pub('anonymous chat with a release that allows it'),
  'GET /api/v1/chat/threads/:threadId/messages': scoped(),
  'POST /api/v1/chat/threads/:threadId/messages': scoped(() => ({ content: 'written by B' })),
  'POST /api/v1/chat/threads/:threadId/cta/submit': scoped(() => ({ email: 'b@globex.example' })),
  'POST /ai-chat/anonymous-chat': pub('landing-page chat, signed per release (REAL-WIRE section 4)'),
  'GET /ai-chat/free-chat-gate/welcome': pub('landing-page free-chat gate (REAL-WIRE section 4)'),
  'POST /ai-chat/free-chat-gate/start': pub('landing-page free-chat gate (REAL-WIRE section 4)'),
  'GET /ai-chat/free-chat-gate/verify': pub('landing-page free-chat gate (REAL-WIRE section 4)'),
  'POST /ai-chat/free-chat-gate/chat-send': pub('landing-page free-chat gate: the signed token names the release'),
  'POST /ai-chat/anonymous-feedback': pub('landing-page feedback, signed per release (REAL-WIRE section 4)'),

  // x402 payments: the caller's workspace's pricing and receipts.
  'GET /api/v1/x402/pricing': own(),
  'GET /api/v1/x402/pricing/tools/:toolName': own(),
  'GET /api/v1/x402/payments': own(),
  'GET /api/v1/x402/payments/:txHash': own(),
  'GET /api/v1/x402/wallet': own(),

  // Agent-to-agent.
  'GET /.well-known/agent-card.json': pub('A2A discovery document'),
  'GET /api/v1/a2a/agent-card.json': pub('A2A discovery document'),
  'POST /api/v1/a2a': pub('A2A JSON-RPC: talks to a public release’s agent (spec: none declared)'),

  // QA suites and runs, arena presets, style patterns, trust runs (emulator-defined).
  'GET /api/v1/qa/suites': own(),
  'POST /api/v1/qa/suites': own(() => ({ title: 'B' })),
  'POST /api/v1/qa/suites/import': own(() => ({ format: 'service-emulator.qa-suite', version: 1, title: 'B', passThreshold: 0.2, tests: [] })),
  'GET /api/v1/qa/suites/:suiteId': scoped(),
  'PATCH /api/v1/qa/suites/:suiteId': scoped(() => ({ title: 'B' })),
  'DELETE /api/v1/qa/suites/:suiteId': scoped(),
  'POST /api/v1/qa/suites/:suiteId/tests': scoped(() => ({ question: 'B?', expectedAnswer: 'B.' })),
  'PATCH /api/v1/qa/suites/:suiteId/tests/:testId': scoped(() => ({ question: 'B?' })),
  'DELETE /api/v1/qa/suites/:suiteId/tests/:testId': scoped(),
  'GET /api/v1/qa/suites/:suiteId/export': scoped(),
  'POST /api/v1/qa/suites/:suiteId/estimate-run': scoped((ids) => ({ releaseId: ids.releaseId })),
  'POST /api/v1/qa/suites/:suiteId/calibrate': scoped((ids) => ({ runId: ids.runId, labels: [{ resultId: 'r', passed: true }], apply: true })),
  'GET /api/v1/qa/runs': own(),
  'POST /api/v1/qa/runs': own((ids) => ({ suiteId: ids.suiteId, releaseId: ids.releaseId })),
  'POST /api/v1/qa/multi-release-run': own((ids) => ({ suiteId: ids.suiteId, releaseIds: [ids.releaseId, ids.bReleaseId] })),
  'POST /api/v1/qa/arena-run': own((ids) => ({ suiteId: ids.suiteId, presetId: ids.presetId })),
  'GET /api/v1/qa/runs/:runId': scoped(),
  'POST /api/v1/qa/runs/:runId/cancel': scoped(),
  'GET /api/v1/trust/runs': own(),
  'POST /api/v1/trust/runs': own((ids) => ({ suiteId: ids.suiteId, releaseId: ids.releaseId })),
  'GET /api/v1/trust/runs/:runId': scoped(undefined, { params: { runId: 'trustRunId' } }),
  'GET /api/v1/arena-presets': own(),
  'POST /api/v1/arena-presets': own((ids) => ({ title: 'B', variants: [{ releaseId: ids.releaseId }, { releaseId: ids.releaseId }] })),
  'GET /api/v1/arena-presets/:presetId': scoped(),
  'PATCH /api/v1/arena-presets/:presetId': scoped(() => ({ title: 'B' })),
  'DELETE /api/v1/arena-presets/:presetId': scoped(),
  'GET /api/v1/style-patterns': own(),
  'POST /api/v1/style-patterns': own((ids) => ({ title: 'B', rules: ['B.'], releaseIds: [ids.releaseId] })),
  'GET /api/v1/style-patterns/:patternId': scoped(),
  'PATCH /api/v1/style-patterns/:patternId': scoped(() => ({ title: 'B' })),
  'DELETE /api/v1/style-patterns/:patternId': scoped(),
};
