// The chat areas (threads and messages, CTA cards, landing-page chat and its free-chat gate and feedback, A2A): their stores and their
// route tables, wired to the world's releases, transcripts, quotas, terms gate and RAG retrieval.
import { a2aRoutes } from '../areas/a2a/routes.js';
import { A2aTaskStore } from '../areas/a2a/task-store.js';
import { ChatAccess } from '../areas/chat/access.js';
import { freeChatGateRoutes } from '../areas/chat/free-chat-gate.js';
import { landingRoutes, type LandingDeps } from '../areas/chat/landing.js';
import { anonymousFeedbackRoutes } from '../areas/feedback/anonymous-routes.js';
import { messageRoutes } from '../areas/chat/message-routes.js';
import { RagContextRetriever } from '../areas/chat/retrieval.js';
import { PaymentGate } from '../areas/chat/payment.js';
import { ChatService, type FineTuneModels } from '../areas/chat/send.js';
import { threadRoutes } from '../areas/chat/thread-routes.js';
import { ChatThreadStore } from '../areas/chat/thread-store.js';
import { ctaRoutes } from '../areas/chat-cta/routes.js';
import { CtaStore } from '../areas/chat-cta/store.js';
import type { ReleaseStore } from '../areas/releases/store.js';
import { PaymentLedger } from '../areas/x402/store.js';
import { x402Routes } from '../areas/x402/routes.js';
import type { TranscriptStore } from '../areas/transcripts/store.js';
import type { RouteDef } from '../core/route.js';
import type { StoreDeps } from '../core/services.js';
import type { World } from './world.js';

export interface ChatStores {
  /** Chat threads and messages; each thread mirrors into transcripts under the same id. */
  chatThreads: ChatThreadStore;
  /** Release CTA cards, their version history and form submissions. */
  chatCtas: CtaStore;
  /** A2A tasks (one per agent call) with their history. */
  a2aTasks: A2aTaskStore;
  /** The x402 payments chat sends accepted. */
  x402Payments: PaymentLedger;
}

/** Chat stores over the world's own transcripts and releases stores. */
export function chatStores(deps: StoreDeps, shared: { transcripts: TranscriptStore; releases: ReleaseStore }): ChatStores {
  return {
    chatThreads: new ChatThreadStore(deps, shared.transcripts),
    chatCtas: new CtaStore(deps, shared.releases),
    a2aTasks: new A2aTaskStore(deps),
    x402Payments: new PaymentLedger(deps),
  };
}

export function chatRoutes(world: World): RouteDef[] {
  const { chatThreads: threads, chatCtas: ctas, releases } = world.stores;
  const now = () => world.clock.now();
  const access = new ChatAccess(releases, threads, now);
  const chat = new ChatService({
    now,
    seed: () => world.random.seed,
    threads,
    usage: world.stores.usage,
    quotas: world.embedAuth,
    terms: world.stores.terms,
    retriever: new RagContextRetriever(world.stores.ragSearch, world.stores.rag.targets, world.stores.rag.files),
    ctas,
    payments: new PaymentGate(world.stores.x402Payments),
    // The fine-tune area (mounted after chat, so asked lazily) resolves the `ft:…` models a release names.
    fineTunes: { resolveModel: (ws, model, strict) => world.areas.api<FineTuneModels>('fine-tune').resolveModel(ws, model, strict) },
  });
  const landing: LandingDeps = { releases, threads, chat, limiter: world.rateLimiter, settings: () => world.settings.landing, now };
  return [
    ...threadRoutes({ access, threads, ids: world.ids, now }),
    ...messageRoutes({ access, threads, chat }),
    ...landingRoutes(landing),
    ...freeChatGateRoutes({ ...landing, sendMail: (mail) => world.mailbox.send(mail) }),
    ...anonymousFeedbackRoutes({ store: world.stores.feedback, releases, threads, settings: landing.settings }),
    ...ctaRoutes({ ctas, releases, access, threads }),
    ...x402Routes({ payments: world.stores.x402Payments, releases }),
    ...a2aRoutes({
      releases,
      threads,
      chat,
      tasks: world.stores.a2aTasks,
      defaultReleaseId: () => world.settings.a2a.defaultReleaseId,
      limiter: world.rateLimiter,
      now,
      transaction: (fn) => world.storage.transaction(fn),
    }),
  ];
}
