// The chat area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { endUserOf } from './access.js';
export type { ChatAccess } from './access.js';
export { landingSigInvalid } from './errors.js';
export { LANDING_CLIENT, landingRelease } from './landing.js';
export type { LandingSettings } from './landing-settings.js';
export { transcriptSigned } from './landing-signature.js';
export { priceOf, requirementsOf, toMicro } from './payment.js';
export type { PaymentConfig } from './payment.js';
export type { ChatReplies } from './replies.js';
export { deltas } from './reply-generator.js';
export { ThreadParamsSchema } from './schema.js';
export type { ChatResult, ChatService } from './send.js';
export { sseResponse } from './streaming.js';
export type { ChatThreadStore, ThreadRecord } from './thread-store.js';
export { assistantChain } from './assistants.js';
export { DEFAULT_MODEL, loadTokenizer, usageOf } from './usage.js';
export { ReplyOverrides } from './reply-overrides.js';
export type { OverrideQuery, ReplyOverride } from './reply-overrides.js';
export type { ChatMessageOut, Visibility } from './thread-store.js';
export type { ChatAreaApi } from './api.js';
export { composeReply, keywords } from './reply-generator.js';
export type { ContextEntry } from './reply-generator.js';
