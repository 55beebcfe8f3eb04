// The QA, arena-preset, style-pattern and trust areas wired to the world: their stores, the ports
// QA needs (a release's reply through chat's own retrieval, assistant chain and reply generator;
// the chat tokenizer and price table; the search's terms), the run-step clock job, and the routes.
import { arenaPresetRoutes } from '../areas/arena-presets/routes.js';
import { ArenaPresetStore } from '../areas/arena-presets/store.js';
import { assistantChain, runChain, simulatedFailures } from '../areas/chat/assistants.js';
import { composeReply } from '../areas/chat/reply-generator.js';
import { collectionIdsOf, RagContextRetriever } from '../areas/chat/retrieval.js';
import { relevant } from '../areas/chat/send.js';
import { loadTokenizer, usageOf } from '../areas/chat/usage.js';
import type { QaPorts, ReplyOutcome, ReplySource } from '../areas/qa/ports.js';
import { qaRunRoutes } from '../areas/qa/run-routes.js';
import { RUN_STEP_JOB } from '../areas/qa/run-engine.js';
import { QaService } from '../areas/qa/service.js';
import { qaSuiteRoutes } from '../areas/qa/suite-routes.js';
import { trustRoutes } from '../areas/qa/trust-routes.js';
import { textTerms } from '../areas/rag-search/full-text.js';
import type { ReleaseStore } from '../areas/releases/store.js';
import { stylePatternRoutes } from '../areas/style-patterns/routes.js';
import { StylePatternStore } from '../areas/style-patterns/store.js';
import type { RouteDef } from '../core/route.js';
import type { World } from './world.js';

export interface QaAreaServices {
  qa: QaService;
  presets: ArenaPresetStore;
  stylePatterns: StylePatternStore;
}

/** A release's answer to one prompt, as the first message of a new chat thread would get it. */
class ChatReplySource implements ReplySource {
  constructor(
    private readonly releases: ReleaseStore,
    private readonly retriever: RagContextRetriever,
    private readonly seed: () => number,
  ) {}

  async release(workspaceId: string, releaseId: string) {
    const release = await this.releases.get(releaseId, workspaceId);
    if (!release) return undefined;
    const system = release.config.systemPrompt;
    return { id: release.id, name: release.name, model: assistantChain(release)[0]!.id, ...(typeof system === 'string' && { systemPrompt: system }) };
  }

  async reply(workspaceId: string, releaseId: string, prompt: string, model?: string): Promise<ReplyOutcome> {
    const release = await this.releases.get(releaseId, workspaceId);
    if (!release) return { error: 'Release not found' };
    const config = release.config;
    const context = relevant(await this.retriever.retrieve(workspaceId, collectionIdsOf(config), prompt), prompt);
    const outcome = runChain(assistantChain(release, undefined, model), simulatedFailures(release));
    if (!('assistant' in outcome)) return { error: 'Every assistant of the release failed' };
    const tokenizer = await loadTokenizer();
    let text = composeReply({ seed: this.seed(), model: outcome.assistant.id, turn: 0, prompt, context, releaseName: release.name });
    if (typeof config.maxTokens === 'number') {
      const tokens = tokenizer.encode(text);
      if (tokens.length > config.maxTokens) text = tokenizer.decode(tokens.slice(0, config.maxTokens));
    }
    const assembled = [
      typeof config.systemPrompt === 'string' ? `system: ${config.systemPrompt}` : '',
      ...context.map((c, i) => `context [${i + 1}] ${c.source ?? ''}: ${c.content}`),
      `user: ${prompt}`,
    ]
      .filter(Boolean)
      .join('\n');
    return { text, model: outcome.assistant.id, usage: usageOf(outcome.assistant.id, tokenizer.count(assembled), tokenizer.count(text)) };
  }
}

const built = new WeakMap<World, QaAreaServices>();

/** The areas' services of one world, built once (they hold no state of their own). */
export function qaAreaServices(world: World): QaAreaServices {
  let services = built.get(world);
  if (services) return services;
  const deps = { storage: world.storage, clock: world.clock, ids: world.ids, random: world.random, scheduler: world.scheduler };
  const presets = new ArenaPresetStore(deps);
  const ports: QaPorts = {
    replies: new ChatReplySource(
      world.stores.releases,
      new RagContextRetriever(world.stores.ragSearch, world.stores.rag.targets, world.stores.rag.files),
      () => world.random.seed,
    ),
    pricing: { count: async (text) => (await loadTokenizer()).count(text), usageOf },
    terms: textTerms,
    presets: { variants: async (workspaceId, presetId) => (await presets.get(workspaceId, presetId))?.variants },
  };
  services = { qa: new QaService(deps, ports), presets, stylePatterns: new StylePatternStore(deps) };
  built.set(world, services);
  world.registerJobs({ [RUN_STEP_JOB]: async (payload) => services!.qa.engine.step(String(payload.runId)) });
  return services;
}

export function qaAreaRoutes(world: World): RouteDef[] {
  const { qa, presets, stylePatterns } = qaAreaServices(world);
  const hasRelease = async (workspaceId: string, releaseId: string) => (await world.stores.releases.get(releaseId, workspaceId)) !== undefined;
  return [...qaSuiteRoutes(qa), ...qaRunRoutes(qa), ...trustRoutes(qa), ...arenaPresetRoutes(presets, hasRelease), ...stylePatternRoutes(stylePatterns, hasRelease)];
}
