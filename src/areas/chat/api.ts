// Chat as other areas use it (ctx.area('chat')): threads, the send service and its access rules,
// a release's reply from chat's own generator, and the chat-cta, a2a and x402 stores it answers with.
import type { AreaApis } from '../../core/area.js';
import type { ChatAccess } from './access.js';
import type { ChatReplies } from './replies.js';
import type { ChatService } from './send.js';
import type { ChatThreadStore } from './thread-store.js';

export interface ChatAreaApi {
  threads: ChatThreadStore;
  replies: ChatReplies;
  // Typed by name (each area declares its own entry), so chat imports none of these areas.
  ctas: AreaApis['chat-cta'];
  a2aTasks: AreaApis['a2a'];
  payments: AreaApis['x402'];
  /** One chat send, whole (the chat routes, A2A and the landing chat answer through it). */
  service: ChatService;
  /** Who may read and write a thread. */
  access: ChatAccess;
}
