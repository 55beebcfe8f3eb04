// One emulator's whole state and the operations on it: load, reset, snapshot, clock, tokens.
// Callers hold the request lock; nothing here locks.
import { VectorIndexes } from '../vector/index-manager.js';
import type { TextIndex } from '../areas/rag-search/public.js';
import { Clock } from '../clock/clock.js';
import { Scheduler, type JobHandlers } from '../clock/scheduler.js';
import { createCoreHandler, type CoreHandler } from '../core/app.js';
import { RateLimiter } from '../core/rate-limiter.js';
import { SeededRequestIds } from '../core/request-id.js';
import type { StoreDeps } from '../core/services.js';
import type { RouteDef } from '../core/route.js';
import { IdFactory } from '../seed/ids.js';
import { SeededRandom } from '../seed/random.js';
import type { TokenSigner } from '../security/jwt.js';
import { SignersBySeed } from '../security/signers-by-seed.js';
import { issueUserToken, verifyUserToken } from './world-tokens.js';
import { Issuer } from './issuer.js';
import { shiftScenario } from '../scenarios/time-shift.js';
import { changeClock } from './clock-change.js';
import type { Handles } from '../scenarios/handles.js';
import { loadGenerated, loadScenario } from '../scenarios/loader.js';
import { DEFAULT_RATE_LIMITS, type Scenario, type Settings } from '../scenarios/schema.js';
import { AREAS } from '../areas/index.js';
import { registerAreaSections, type MountedAreas } from './area-mount.js';
import { mountWorldAreas } from './world-areas.js';
import { UNEXPORTED_TABLES, exportState, importState, type StateExport } from './state-export.js';
import type { RagFileState } from '../areas/rag-files/pipeline.js';
import type { Storage, StorageSnapshot } from '../storage/storage.js';
import { WatchedStorage } from '../storage/watched-storage.js';
import { AnswerCache } from '../core/answer-cache.js';
import { buildRoutes } from './routes.js';
import type { AdoptedState, WorldOptions, WorldSnapshot } from './world-shapes.js';
import { loaderStores } from './loader-stores.js';
import { FaultInjector } from '../control/fault-injector.js';
import { RequestJournal } from '../control/request-journal.js';
import { Mailbox } from '../control/mailbox-store.js';
import { EventHub } from './event-hub.js';
import type { OutboundFetch } from '../core/area.js';
import { usedRateLimits } from './scenario-rate-limits.js';
import { ScenarioRefSchema, type ClockChange } from '../control/schema.js';
import type { ControlPort, WorldsPort } from '../control/port.js';
import { parseScenario, type ScenarioSummary } from '../scenarios/validate.js';

// Every scenario parse (load, check, built-ins, state import) knows the listed areas' sections.
registerAreaSections(AREAS, AREAS);

export type { AdoptedState, WorldOptions, WorldSnapshot } from './world-shapes.js';

export class World implements ControlPort {
  readonly storage: Storage;
  readonly clock: Clock;
  readonly random = new SeededRandom(0);
  readonly ids: IdFactory;
  readonly scheduler: Scheduler;
  readonly rateLimiter = new RateLimiter();
  /** Serialised answers of cacheable GETs; emptied by every storage write and control call. */
  readonly answers = new AnswerCache();
  readonly core: CoreHandler;
  readonly routes: RouteDef[];
  /** The area list, mounted: every area's API by name (`areas.api(name)`), routes, jobs, sections. */
  readonly areas: MountedAreas;
  /** Tables kept out of state exports. */
  private readonly unexported: string[];
  /** In-memory vector indexes; they follow storage and are rebuilt lazily after a swap. */
  readonly vectorIndexes: VectorIndexes;
  /** The in-memory full-text index (the rag area's); like the vector indexes, it follows snapshots. */
  readonly textIndex: TextIndex;
  private readonly jobHandlers: JobHandlers = {};
  private readonly signers: SignersBySeed;
  signer!: TokenSigner;
  /** The issuer (RFC 8414): configured, else the origin the request came to, else the door's. */
  readonly issuer: Issuer;
  settings!: Settings;
  handles!: Handles;
  scenario!: Scenario;
  /** Fault rules and the request journal: harness state, cleared by every load and reset. */
  readonly faults = new FaultInjector();
  readonly journal = new RequestJournal();
  /** Mails the emulated service sent (they never leave the machine): harness state like the journal. */
  readonly mailbox: Mailbox;
  /** Service events raised by areas (the notifications area listens). */
  readonly events: EventHub;
  /** Outbound HTTP of the emulated service: the configured fetch, else the process's at call time (so MSW intercepts it). */
  readonly outbound: OutboundFetch;
  /** What reset returns to; absent after resuming a data dir, where reset reloads the scenario. */
  private boot: WorldSnapshot | undefined;
  /** Requests answered since the last load or reset: request ids come from these and the seed. */
  private requestCount = { service: 0, control: 0 };
  private readonly requestIds = { service: new SeededRequestIds('service'), control: new SeededRequestIds('control') };
  /** Whether `boot` came from a scenario load (not an imported state). */
  private bootLoaded = false;
  /** The start the last load was pinned to (`--now`), which a real-clock reset keeps. */
  private pinnedStart: number | undefined;
  /** A load has begun: from then on storage may hold rows, whatever `storageEmpty` said. */
  private loadedOnce = false;
  /** Shared database (postgres): follows the other processes' writes at each turn (shared-database.ts). */
  beforeTurn: (() => Promise<void>) | undefined;

  constructor(private readonly options: WorldOptions) {
    this.storage = new WatchedStorage(options.storage, (keys) => this.answers.invalidate(keys));
    this.issuer = new Issuer(options.issuer);
    this.signers = new SignersBySeed(() => this.clock.now(), this.issuer.source);
    this.clock = new Clock({ mode: options.clockMode, now: 0 });
    this.ids = new IdFactory(this.random, () => this.clock.now());
    this.mailbox = new Mailbox(() => this.clock.iso());
    this.events = new EventHub(() => this.clock.now());
    const configured = options.fetch;
    this.outbound = configured ?? ((input, init) => globalThis.fetch(input, init));
    this.vectorIndexes = new VectorIndexes(options.vectorIndexFactory, () => this.clock.mode === 'real');
    this.scheduler = new Scheduler(this.storage, this.clock, () => this.ids.objectId(), this.jobHandlers);
    const deps: StoreDeps = { storage: this.storage, clock: this.clock, ids: this.ids, random: this.random, scheduler: this.scheduler };
    // Every area (src/areas/index.ts) is built here, in list order; the core's auth services come from them.
    this.areas = mountWorldAreas(this, options.areas ?? AREAS, deps);
    this.registerJobs(this.areas.jobs());
    this.textIndex = this.areas.api('rag').textIndex;
    this.unexported = [...UNEXPORTED_TABLES, ...this.areas.unexported()];
    this.routes = buildRoutes(this);
    const core = createCoreHandler(this.routes, {
      clock: this.clock,
      storage: this.storage,
      keys: this.areas.api('api-keys'),
      members: this.areas.api('workspaces'),
      tokens: { verifyUserToken: (token) => verifyUserToken(this, token) },
      endUsers: this.areas.api('embed-auth').service,
      rateLimiter: this.rateLimiter,
      featureLimit: (feature) => this.settings.rateLimits[feature]?.perMinute ?? DEFAULT_RATE_LIMITS[feature],
      nextRequestId: () => this.nextRequestId('service'),
      answers: this.answers,
      ...(options.allowedOrigins && { allowedOrigins: options.allowedOrigins }),
      ...(options.onInternalError && { onInternalError: options.onInternalError }),
    });
    // Each answer knows the origin it was asked at: discovery and every token it signs name it.
    this.core = {
      fetch: async (request, info) => this.issuer.during(request.url, () => core.respond(request, info)),
      respond: (request, info) => this.issuer.during(request.url, () => core.respond(request, info)),
    };
  }

  /** A door tells where it serves (see Issuer); handle tokens are reissued in place to name it. */
  async serveAt(url: string): Promise<void> {
    if (!this.issuer.serveAt(url) || !this.handles) return;
    for (const user of this.handles.users) user.accessToken = await this.issuer.outsideRequest(() => this.signer.reissue(user.accessToken));
  }

  /** The emulator's world registry (the worlds control routes); absent for a bare world. */
  get worlds(): WorldsPort | undefined {
    return this.options.worlds;
  }

  /** Every RAG file's pipeline state (the control API's view). */
  ragFileStates(): Promise<RagFileState[]> {
    return this.areas.api('rag').pipeline.states();
  }

  exportState(): Promise<StateExport> {
    return exportState(this);
  }

  importState(input: unknown): Promise<Handles> {
    return importState(this, input);
  }

  /** The tables a state export carries. */
  exportedTables(): string[] {
    return this.storage.tableNames.filter((t) => !this.unexported.includes(t));
  }

  /**
   * Replaces all state with a validated scenario; on failure the previous state stays whole.
   * Time starts at `startAt` when given (`--now`), else at the wall clock in `real` mode, else at
   * the scenario's `now`; every time the scenario names moves by the same offset.
   */
  async load(input: Scenario, startAt?: number): Promise<Handles> {
    const start = startAt ?? (this.clock.mode === 'real' ? this.clock.wallNow() : Date.parse(input.now));
    const scenario = shiftScenario(input, start);
    this.pinnedStart = startAt;
    // The scenario's own tokens (handles) name the door's origin, whichever door asked for the load,
    // so a reset gives the same handles as the load through any door.
    return this.issuer.outsideRequest(() => this.loadShifted(scenario));
  }

  private async loadShifted(scenario: Scenario): Promise<Handles> {
    const before = this.handles ? await this.snapshot() : undefined;
    const signer = await this.signers.of(scenario.seed);
    try {
      this.clock.restore({ mode: this.clock.mode, now: Date.parse(scenario.now) });
      this.random.restore({ seed: scenario.seed, counter: 0 });
      this.rateLimiter.restore({});
      this.signer = signer;
      this.scheduler.invalidate();
      this.vectorIndexes.clear();
      this.textIndex.clear();
      // Loading schedules work (RAG indexing) that reads the new scenario's settings.
      this.settings = scenario.settings;
      const handles = await this.storage.transaction(async () => {
        // Nothing to clear in a storage just made (~80 statements, 3 ms of a first create).
        if (this.loadedOnce || this.options.storageEmpty !== true) for (const table of this.storage.tableNames) await this.storage.run(`DELETE FROM ${table}`);
        this.loadedOnce = true;
        const now = this.clock.now();
        const loaded = await loadScenario(scenario, { clock: this.clock, ids: this.ids, signer, storage: this.storage, ...loaderStores(this.areas) }, (ws, handle) =>
          this.areas.loadBuiltinStep('workspace', ws, handle, now, scenario.seed),
        );
        // The other built-in workspace fields (rag, groups, byok, permissions, terms) through their areas, then generated content.
        await this.areas.loadBuiltin(scenario, loaded.workspaces, now);
        await loadGenerated(scenario, loaded, { clock: this.clock, storage: this.storage });
        // The areas' sections load after all built-in content, so adding one leaves every earlier seeded id unchanged.
        await this.areas.loadSections(scenario, loaded.workspaces, this.clock.now());
        return loaded;
      });
      this.settings = scenario.settings;
      this.handles = handles;
      this.scenario = scenario;
      this.rateLimiter.restore(usedRateLimits(scenario, handles, this.clock.now()));
      // Indexes built now belong to the boot snapshot: the first query after a reset is a warm one.
      // Under the real clock (a reset reloads there) their vectors are graphed in background slices.
      const image = await this.storage.snapshot();
      await this.areas.api('rag-search').warm(this.clock.mode === 'real');
      // What the first request would ask: when a job is next due, and (manual clock, as the warm-up's
      // primed query) auth's statement. Reads only: the state is the load's.
      await this.scheduler.learnNextDue();
      if (this.clock.mode !== 'real') await this.areas.api('api-keys').primeAuth();
      this.boot = await this.snapshot(image);
      this.bootLoaded = true;
      this.clearHarness();
      return handles;
    } catch (err) {
      if (before) await this.restore(before);
      throw err;
    }
  }

  /** Back to the state right after the last load. */
  async reset(): Promise<Handles> {
    // A real clock starts every loaded world at the wall clock; the boot snapshot holds times of
    // when it was taken, so reload the scenario instead (an imported state is restored as it was).
    if (!this.boot || (this.clock.mode === 'real' && this.bootLoaded)) return this.load(this.scenario, this.pinnedStart);
    await this.restore(this.boot);
    this.clearHarness();
    return this.handles;
  }

  private clearHarness(): void {
    this.faults.reset(this.random.seed);
    this.journal.clear();
    this.mailbox.clear();
    this.requestCount = { service: 0, control: 0 };
  }

  /** The next request's id: seeded, counted per world, so the same requests replay the same ids. */
  nextRequestId(kind: 'service' | 'control'): string {
    return this.requestIds[kind].id(this.random.seed, ++this.requestCount[kind]);
  }

  /**
   * Takes over a state whose tables are already in storage: an imported snapshot (reset returns
   * to it) or a resumed data dir (reset reloads its scenario).
   */
  async adopt(state: AdoptedState, resetTo: 'state' | 'scenario'): Promise<void> {
    this.scheduler.invalidate();
    this.vectorIndexes.clear();
    this.textIndex.clear();
    await this.areas.api('rag-search').warm();
    this.random.restore(state.random);
    this.clock.restore({ mode: this.clock.mode, now: state.now });
    this.rateLimiter.restore(state.rateLimits);
    this.signer = await this.signers.of(state.random.seed);
    this.settings = state.settings;
    this.handles = state.handles;
    this.scenario = state.scenario;
    this.clearHarness();
    // A lazy reset point: on SQLite in memory, no image unless one is needed later (a 150 MB image
    // at 100k chunks kept the collector busy through the queries after every import). The boot it
    // replaces is never restored again, so it needs no image either.
    if (this.boot) this.storage.release?.(this.boot.storage);
    this.boot = resetTo === 'state' ? await this.snapshot(await this.storage.snapshot({ lazy: true })) : undefined;
    this.bootLoaded = false;
  }

  /**
   * Takes over what another process sharing the database wrote: clock, random state, rate limits
   * and records from its meta rows; every cache built from rows is dropped (indexes rebuild from
   * storage on first need). Harness state (journal, faults, mailbox) stays this process's own, and
   * so do the handles' secrets while the handles are the same. Reset then reloads the scenario.
   */
  async follow(state: AdoptedState, sameHandles: boolean): Promise<void> {
    this.answers.invalidate();
    this.scheduler.invalidate();
    this.vectorIndexes.clear();
    this.textIndex.clear();
    this.random.restore(state.random);
    // A real clock runs on in each process: the time the other wrote at is behind it by now.
    const now = this.clock.mode === 'real' ? Math.max(this.clock.now(), state.now) : state.now;
    this.clock.restore({ mode: this.clock.mode, now });
    this.rateLimiter.restore(state.rateLimits);
    this.signer = await this.signers.of(state.random.seed);
    this.settings = state.settings;
    if (!sameHandles) this.handles = state.handles;
    if (!sameHandles || this.scenario?.name !== state.scenario.name) {
      this.scenario = state.scenario;
      this.boot = undefined;
      this.bootLoaded = false;
    }
  }

  /**
   * `image`: the storage part, taken by a load before its warm-up (which writes nothing), so the
   * major collection a large image starts (150 MB at 100k chunks) runs during the warm-up instead
   * of in the requests after the load.
   */
  async snapshot(image?: StorageSnapshot): Promise<WorldSnapshot> {
    return {
      storage: image ?? (await this.storage.snapshot()),
      random: this.random.state(),
      clock: this.clock.state(),
      limiter: this.rateLimiter.state(),
      handles: this.handles,
      settings: this.settings,
      scenario: this.scenario,
      indexes: { vectors: this.vectorIndexes.capture(), text: this.textIndex.capture() },
    };
  }

  async restore(snapshot: WorldSnapshot): Promise<void> {
    await this.storage.restore(snapshot.storage);
    await this.takeOver(snapshot);
  }

  /**
   * Starts a created world from its scenario's cached image (another world's boot snapshot), whose
   * tables its storage already holds: a reset returns here. Handles are its own copy (a door's
   * `serveAt` reissues their tokens in place); vector indexes are rebuilt from its own storage on
   * its first query (their stores grow in place, so they are never shared between worlds); text
   * segments never change, so they are shared.
   */
  async startFrom(template: WorldSnapshot, pinnedStart?: number): Promise<void> {
    const boot: WorldSnapshot = { ...template, handles: structuredClone(template.handles), indexes: { vectors: new Map(), text: template.indexes.text } };
    await this.takeOver(boot);
    this.boot = boot;
    this.bootLoaded = true;
    this.pinnedStart = pinnedStart;
    this.clearHarness();
  }

  /** Everything of a snapshot but its tables. */
  private async takeOver(snapshot: WorldSnapshot): Promise<void> {
    this.scheduler.invalidate();
    // The indexes of the snapshot's storage: reattached, not rebuilt.
    this.vectorIndexes.restore(snapshot.indexes.vectors);
    this.textIndex.restore(snapshot.indexes.text);
    this.random.restore(snapshot.random);
    this.clock.restore({ mode: this.clock.mode, now: snapshot.clock.now });
    this.rateLimiter.restore(snapshot.limiter);
    this.signer = await this.signers.of(snapshot.random.seed);
    this.handles = snapshot.handles;
    this.settings = snapshot.settings;
    this.scenario = snapshot.scenario;
  }

  /** Reset as the control API defines it: the last loaded scenario, or the one named, or a new seed. */
  async resetTo(options: { scenario?: string; seed?: number } = {}): Promise<Handles> {
    const { scenario, seed } = options;
    if (scenario === undefined && (seed === undefined || seed === this.scenario.seed)) return this.reset();
    const next = scenario === undefined ? { ...this.scenario } : await this.options.resolveScenario(scenario);
    if (seed !== undefined) next.seed = seed;
    return this.load(next);
  }

  /** The scenarios that can be loaded by name, and the name of the one loaded now. */
  async scenarios(): Promise<{ current: string; available: ScenarioSummary[] }> {
    return { current: this.scenario.name, available: (await this.options.listScenarios?.()) ?? [] };
  }

  /** Loads a built-in by name or a whole document (validated first; state untouched when bad). */
  async loadDocument(doc: unknown): Promise<Handles> {
    const ref = ScenarioRefSchema.safeParse(doc);
    if (ref.success) {
      const scenario = await this.options.resolveScenario(ref.data.name);
      if (ref.data.seed !== undefined) scenario.seed = ref.data.seed;
      return this.load(scenario);
    }
    return this.load(parseScenario(doc));
  }

  /** Moves the clock by `advanceMs` or to `set`, running due work; or switches its mode. */
  changeClock(change: ClockChange): Promise<void> {
    return changeClock(this.clock, this.scheduler, change);
  }

  /** Registers the job handlers of an area; kinds are namespaced by the area. */
  registerJobs(handlers: JobHandlers): void {
    Object.assign(this.jobHandlers, handlers);
  }

  /** A platform access token for one of the world's users (world-tokens.ts). */
  issueToken(userId: string, expiresInSec = 3600): Promise<{ accessToken: string; expiresAt: string }> {
    return issueUserToken(this, userId, expiresInSec);
  }
}
