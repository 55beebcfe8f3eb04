// The chat area as a module of the list: threads and messages (mirrored into transcripts), the send
// service (terms gate, x402 payment, tier quota, RAG retrieval, CTA cards, fine-tuned models), the
// landing-page chat and its free-chat gate.
import { defineArea } from '../../core/area.js';
import { ChatAccess } from './access.js';
import type { ChatAreaApi } from './api.js';
import { freeChatGateRoutes } from './free-chat-gate.js';
import { landingRoutes, type LandingDeps } from './landing.js';
import { messageRoutes } from './message-routes.js';
import { PaymentGate } from './payment.js';
import { promptPrefixSource } from './prompt-prefixes.js';
import { ChatReplies } from './replies.js';
import { RagContextRetriever } from './retrieval.js';
import { ChatService } from './send.js';
import { CHAT_TABLES } from './tables.js';
import { threadRoutes } from './thread-routes.js';
import { ChatThreadStore } from './thread-store.js';

declare module '../../core/area.js' {
  interface AreaApis {
    chat: ChatAreaApi;
  }
}

export const chatArea = defineArea({
  name: 'chat',
  tables: CHAT_TABLES,
  uses: ['transcripts', 'releases', 'tiers', 'embed-auth', 'terms', 'rag', 'rag-search', 'chat-cta', 'a2a', 'x402'],
  create: (ctx): ChatAreaApi => {
    const now = () => ctx.clock.now();
    const seed = () => ctx.seed();
    const rag = ctx.area('rag');
    const retriever = () => new RagContextRetriever(ctx.area('rag-search'), rag.targets, rag.files);
    const threads = new ChatThreadStore(ctx.deps, ctx.area('transcripts'), ctx.events);
    const ctas = ctx.area('chat-cta');
    const payments = ctx.area('x402');
    const releases = ctx.area('releases');
    const prefixes = promptPrefixSource({
      messagePrefix: (ws, id) => releases.chatResources.get(ws, 'message-prefix', id),
      // The threads area mounts after chat: asked at reply time.
      threadPrefix: (ws, id) => ctx.area('threads').prefixes.get(ws, id),
    });
    const service = new ChatService({
      now,
      seed,
      threads,
      usage: ctx.area('tiers'),
      quotas: ctx.area('embed-auth').service,
      terms: ctx.area('terms'),
      retriever: retriever(),
      ctas,
      payments: new PaymentGate(payments),
      // The fine-tune area (mounted after chat, so asked lazily) resolves the `ft:…` models a release names.
      fineTunes: { resolveModel: (ws, model, strict) => ctx.area('fine-tune').resolveModel(ws, model, strict) },
      prefixes,
    });
    return {
      threads,
      replies: new ChatReplies({ seed, retriever: retriever(), overrides: threads.overrides, prefixes }),
      ctas,
      a2aTasks: ctx.area('a2a'),
      payments,
      service,
      access: new ChatAccess(ctx.area('releases'), threads, now),
    };
  },
  routes: ({ threads, service, access }, ctx) => {
    const now = () => ctx.clock.now();
    const releases = ctx.area('releases');
    const landing: LandingDeps = { releases, threads, chat: service, limiter: ctx.rateLimiter, settings: () => ctx.settings().landing, now };
    return [
      ...threadRoutes({ access, threads, ids: ctx.ids, now }),
      ...messageRoutes({ access, threads, chat: service }),
      ...landingRoutes(landing),
      ...freeChatGateRoutes({ ...landing, sendMail: (mail) => ctx.mailbox.send(mail) }),
    ];
  },
});
