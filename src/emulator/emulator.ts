// The Emulator: the public object. `fetch` is the one core handler both doors call; the rest is
// the JS face of the control API. Every operation takes the request lock. Fault rules and the
// request journal are applied here, around the core, because latency is real wall time.
import { wallDelay, wallElapsedMs } from '../clock/wall-time.js';
import type { ClockChange } from '../control/schema.js';
import type { Answered, RequestInfo } from '../core/app.js';
import { apiKeyFromRequest } from '../core/auth.js';
import { isPending, type Settled } from '../storage/settled.js';
import { toWebResponse } from '../core/light-response.js';
import { hostRefusal, isControlPath } from '../core/origin-policy.js';
import { REQUEST_ID_HEADER, clientRequestId, withHeader } from '../core/request-id.js';
import type { RagFileState } from '../areas/rag-files/pipeline.js';
import type { Handles } from '../scenarios/handles.js';
import type { Scenario } from '../scenarios/schema.js';
import type { ScenarioSummary } from '../scenarios/validate.js';
import type { StorageKind } from '../storage/storage.js';
import { buildOpenApi } from '../openapi/document.js';
import { faultResponse, type FiredFault } from '../control/fault-injector.js';
import type { Persistence } from './persistence.js';
import { captureExchange, requestBodyBefore } from '../control/dashboard/exchange-capture.js';
import { JobPump } from './job-pump.js';
import { RequestLock } from './request-lock.js';
import { exportState, importState, type StateExport } from './state-export.js';
import type { World, WorldSnapshot } from './world.js';
import { unknownWorld, worldNotFound, type WorldRegistry } from './world-registry.js';
import { pathOf } from './request-path.js';
import { WORLD_HEADER } from '../control/worlds.js';
import type { WorldInfo } from '../control/port.js';

export type { EmulatorClock, EmulatorFaults, EmulatorMailbox, EmulatorRequests, RouteSummary } from './emulator-faces.js';
import type { EmulatorClock, EmulatorFaults, EmulatorMailbox, EmulatorRequests, RouteSummary } from './emulator-faces.js';

/** A request a fault delays: its place (id, instant) is taken now, its answer after the delay. */
class Delayed {
  constructor(
    readonly fault: FiredFault,
    readonly at: string,
    readonly info: RequestInfo,
  ) {}
}

/** By its constructor, not `instanceof`: walking a light answer's prototype chain links Node's Response (see `isPending`). */
const isDelayed = (value: Response | Delayed): value is Delayed => value.constructor === Delayed;

export class Emulator {
  private readonly lock = new RequestLock();
  /** Runs due jobs as background turns under the real clock. */
  private readonly jobs: JobPump;
  readonly clock: EmulatorClock;
  readonly faults: EmulatorFaults;
  readonly requests: EmulatorRequests;
  readonly mailbox: EmulatorMailbox;

  /**
   * @param resumed true when a data dir already held a world and it was resumed instead of the
   *   scenario being loaded.
   */
  constructor(
    private readonly here: World,
    private readonly persistence?: Persistence,
    readonly resumed = false,
    /** The emulator's worlds (docs/worlds.md): shared by the faces of all its worlds. */
    private readonly registry?: WorldRegistry<Emulator>,
    /** This world's id: `default` for the emulator itself. */
    readonly id = 'default',
  ) {
    const change = (c: ClockChange) => this.control(() => here.changeClock(c));
    this.clock = {
      get mode() {
        return here.clock.mode;
      },
      now: () => here.clock.now(),
      iso: () => here.clock.iso(),
      advance: (ms) => change({ advanceMs: ms }),
      set: (time) => change({ set: time }),
      setMode: (mode) => change({ mode }),
    };
    this.faults = {
      add: (rule) => here.faults.add(rule),
      list: () => here.faults.list(),
      remove: (id) => here.faults.remove(id),
      clear: () => here.faults.clear(),
    };
    this.requests = {
      list: (filter) => here.journal.query(filter).entries,
      last: (filter) => here.journal.query({ ...filter, limit: 1 }).entries[0],
      count: (filter) => here.journal.query(filter).matched,
      clear: () => here.journal.clear(),
    };
    this.mailbox = {
      list: (to) => here.mailbox.list(to),
      last: (to) => here.mailbox.list(to).at(-1),
      clear: () => here.mailbox.clear(),
    };
    this.fetch = this.fetch.bind(this);
    this.respond = this.respond.bind(this);
    this.jobs = new JobPump(this.lock, here);
    this.jobs.pump();
  }

  /**
   * Due jobs before a request's own work, inside its turn, under the manual clock: there they run
   * only when the clock is moved or a job is due at once, and the next request sees them done, the
   * same bytes every run. Under the real clock they run as background turns instead (`JobPump`).
   */
  private runDueInTurn(): Promise<number> | undefined {
    if (this.here.clock.mode === 'real') return undefined;
    // Nothing due (the scheduler knows its next job is later, or that there is none): no turn of
    // the event loop spent asking. `runDue` would return at once in exactly these cases.
    const dueIn = this.here.scheduler.dueIn();
    if (dueIn === null || (dueIn !== undefined && dueIn > 0)) return undefined;
    return this.here.scheduler.runDue();
  }

  /** The core handler: a Web Request in, a Web Response out. Both doors call only this. */
  fetch(request: Request, info?: RequestInfo): Promise<Response> {
    return this.respond(request, info).then(toWebResponse);
  }

  /**
   * `fetch` for the HTTP door: the same answer, but the core's JSON answers stay light (plain
   * status, headers and text, still `instanceof Response`) so they go to the socket as they are.
   * (Not an async function: the answer's own promise is handed back, with no wrapper around it.)
   */
  respond(request: Request, info?: RequestInfo): Promise<Response> {
    try {
      // The world the request names (`x-emulator-world`); none named: this one.
      const named = this.registry ? request.headers.get(WORLD_HEADER)?.trim() : undefined;
      if (named && named !== this.id) return this.respondInWorld(named, request, info);
      return this.respondHere(request, info);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** The answer of the world a request names, or the unknown-world error. */
  private async respondInWorld(named: string, request: Request, info?: RequestInfo): Promise<Response> {
    const target = await this.registry?.open(named);
    if (!target) return unknownWorld(request, named, clientRequestId(request) ?? this.here.nextRequestId('control'));
    return target.respondHere(request, info);
  }

  /** This world's answer to a request. */
  private respondHere(request: Request, info?: RequestInfo): Promise<Response> {
    const started = wallElapsedMs();
    const path = pathOf(request.url);
    if (path === '/__emulator/worlds' || path.startsWith('/__emulator/worlds/')) {
      // The registry, not this world: outside its lock (deleting a world waits for that world's lock).
      return this.here.core.fetch(request, { ...info, requestId: this.here.nextRequestId('control') }).then((answered) => answered.response);
    }
    if (isControlPath(path)) {
      return this.turn(async () => {
        // The control API reaches state the storage does not hold (clock, settings, issuer).
        this.here.answers.invalidate();
        await this.here.scheduler.runDue();
        const { response } = await this.here.core.fetch(request, { ...info, requestId: this.here.nextRequestId('control') });
        if (this.persistence && request.method !== 'GET') await this.persistence.sync();
        this.jobs.pump();
        return response;
      });
    }
    return this.turn(() => this.arrive(request, info, path, started)).then((first) => {
      this.jobs.pump();
      return isDelayed(first) ? this.afterDelay(request, path, started, first) : first;
    });
  }

  /**
   * A service request's turn: its id, then its answer, or the fault that delays it. A cached read
   * with a remembered key is answered in this turn without a promise of its own.
   */
  private arrive(request: Request, info: RequestInfo | undefined, path: string, started: number): Response | Delayed | Promise<Response | Delayed> {
    const due = this.runDueInTurn();
    if (due) return due.then(() => this.arrive(request, info, path, started));
    const at = this.here.clock.iso();
    // The id is given on arrival, so a delayed answer keeps the place its request took.
    const arrived: RequestInfo = { ...info, requestId: this.here.nextRequestId('service') };
    // A Host the door refuses gets its 403 from the core, never a fault's answer.
    // (Only asked when rules exist: the Host check is not free and most runs have no faults.)
    const fault = this.here.faults.size === 0 || hostRefusal(request, info?.hostGuard) ? undefined : this.here.faults.match(request.method, path);
    if (fault && fault.delayMs > 0) return new Delayed(fault, at, arrived);
    return this.answer(request, arrived, path, at, started, fault);
  }

  /** Latency is real time, spent outside the lock: other requests go on meanwhile. */
  private async afterDelay(request: Request, path: string, started: number, first: Delayed): Promise<Response> {
    await wallDelay(first.fault.delayMs);
    const response = await this.turn(async () => {
      const due = this.runDueInTurn();
      if (due) await due;
      return this.answer(request, first.info, path, first.at, started, first.fault);
    });
    this.jobs.pump();
    return response;
  }

  /** The real answer, or the fault's; journaled either way. */
  private answer(request: Request, info: RequestInfo, path: string, at: string, started: number, fault?: FiredFault): Settled<Response> {
    if (fault && fault.effect !== 'pass') return this.faultAnswer(request, info, path, at, started, fault);
    // Bodies for the dashboard's journal: only a small form or text body is copied up front.
    const before = requestBodyBefore(request);
    const answered = this.here.core.respond(request, info);
    const journaled = ({ response, outcome }: Answered): Response => {
      this.journal(request, path, response, outcome.keyId, at, started, fault, captureExchange(request, before, response));
      return response;
    };
    return isPending(answered) ? answered.then(journaled) : journaled(answered);
  }

  /** A fault's answer (an error envelope or a network error) in place of the real one. */
  private async faultAnswer(request: Request, info: RequestInfo, path: string, at: string, started: number, fault: FiredFault): Promise<Response> {
    const requestId = clientRequestId(request) ?? (info.requestId as string);
    const response = fault.effect === 'error' ? Response.error() : withHeader(faultResponse(fault, this.here.clock.now(), requestId), REQUEST_ID_HEADER, requestId);
    const keyId = await this.keyIdOf(request);
    this.journal(request, path, response, keyId, at, started, fault, captureExchange(request, undefined, response));
    return response;
  }

  private journal(request: Request, path: string, response: Response, keyId: string | null, at: string, started: number, fault: FiredFault | undefined, exchange: ReturnType<typeof captureExchange>): void {
    const durationMs = Math.round((wallElapsedMs() - started) * 1000) / 1000;
    this.here.journal.note(request.method, path, response.status, keyId, at, durationMs, fault?.id, exchange);
  }

  /** The id of a valid key the request carries, for requests a fault answered before auth ran. */
  private async keyIdOf(request: Request): Promise<string | null> {
    const secret = apiKeyFromRequest(request);
    if (!secret) return null;
    const key = await this.here.areas.api('api-keys').findBySecret(secret);
    return key && key.status === 'active' ? key.id : null;
  }

  /** Runs `fn` under the request lock, after following what other processes wrote (a shared database). */
  private turn<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.lock.run(() => {
      const before = this.here.beforeTurn;
      return before ? before().then(() => fn()) : fn();
    });
  }

  /** Runs a control operation under the lock and, with a data dir, saves the world after it. */
  private control<T>(fn: () => Promise<T>): Promise<T> {
    return this.turn(async () => {
      this.here.answers.invalidate();
      const result = await fn();
      await this.persistence?.sync();
      // The clock may have changed mode, or the world the jobs it holds.
      this.jobs.pump();
      return result;
    });
  }

  /**
   * Tells the emulator where a door serves it (the server's URL after listen, the MSW base URL):
   * tokens signed outside a request (scenario handles, `issueToken`) name that origin as issuer.
   * Requests need no such telling: each names the origin it came to. A configured issuer wins;
   * the first door to tell keeps its origin.
   */
  async serveAt(url: string): Promise<void> {
    await this.control(() => this.here.serveAt(url));
    if (this.id === 'default') await this.registry?.serveAt(url);
  }

  /**
   * A new isolated world (docs/worlds.md) from a built-in scenario name or a whole document
   * (default: `default`) and a seed: its face, the same as this emulator's. Requests reach it
   * through its `fetch`, or through any door with the header `x-emulator-world: <id>`.
   */
  async createWorld(options: { scenario?: string | Record<string, unknown>; seed?: number } = {}): Promise<Emulator> {
    const { id } = await this.worldRegistry().create(options);
    return this.world(id);
  }

  /** The face of a world by id (`default`: the emulator itself); throws WORLD_NOT_FOUND for none. */
  async world(id: string): Promise<Emulator> {
    const face = await this.worldRegistry().open(id);
    if (!face) throw worldNotFound(id);
    return face;
  }

  /** Every world of the emulator, the default world first. */
  worlds(): WorldInfo[] {
    return this.worldRegistry().list();
  }

  /** Deletes a created world and frees it (storage closed, jobs stopped); `default` cannot be deleted. */
  deleteWorld(id: string): Promise<void> {
    return this.worldRegistry().delete(id);
  }

  private worldRegistry(): WorldRegistry<Emulator> {
    if (!this.registry) throw new Error('this emulator keeps no worlds');
    return this.registry;
  }

  /** Stops this world's jobs, then (after its requests under way) frees its storage: a deleted world. */
  closeWorld(release: () => Promise<void>): Promise<void> {
    this.jobs.close();
    return this.lock.run(release);
  }

  /** The OpenAPI 3.1 document of every route this emulator serves. */
  openApi(): Record<string, unknown> {
    return buildOpenApi(this.here.routes);
  }

  /** Every method and path this emulator serves (router syntax, e.g. `/api/v1/transcripts/:transcriptId`). */
  routes(): RouteSummary[] {
    return this.here.routes.map((r) => ({ method: r.method, path: r.path }));
  }

  get storage(): StorageKind {
    return this.here.storage.kind;
  }

  get seed(): number {
    return this.here.random.seed;
  }

  /** The loaded scenario document, validated, with the seed and `now` it was loaded with. */
  get scenario(): Scenario {
    return this.here.scenario;
  }

  /** Ids, key secrets and user tokens of the loaded scenario. */
  get handles(): Handles {
    return this.here.handles;
  }

  /** Back to the last loaded scenario (or the one named); clears fault rules and the journal. */
  reset(options: { scenario?: string; seed?: number } = {}): Promise<Handles> {
    return this.control(() => this.here.resetTo(options));
  }

  /** Loads a built-in scenario by name, or a whole document. */
  loadScenario(scenario: string | Record<string, unknown> | Scenario, seed?: number): Promise<Handles> {
    const doc = typeof scenario === 'string' ? { name: scenario, ...(seed !== undefined && { seed }) } : scenario;
    return this.control(() => this.here.loadDocument(doc));
  }

  /** The scenarios `loadScenario` and `reset` take by name (GET /__emulator/scenarios), and the one loaded now. */
  scenarios(): Promise<{ current: string; available: ScenarioSummary[] }> {
    return this.lock.run(() => this.here.scenarios());
  }

  /** Where every RAG file stands in the indexing pipeline (GET /__emulator/rag/files), due work run first. */
  ragFiles(): Promise<RagFileState[]> {
    return this.turn(async () => {
      await this.here.scheduler.runDue();
      return this.here.ragFileStates();
    });
  }

  flushJobs(): Promise<{ now: number; ran: number }> {
    return this.control(async () => ({ ran: await this.here.scheduler.flush(), now: this.here.clock.now() }));
  }

  issueToken(userId: string, expiresInSec?: number): Promise<{ accessToken: string; expiresAt: string }> {
    return this.control(() => this.here.issueToken(userId, expiresInSec));
  }

  /** An in-memory copy of the whole state, cheap enough to take between tests. */
  snapshot(): Promise<WorldSnapshot> {
    return this.turn(async () => {
      return this.here.snapshot();
    });
  }

  restore(snapshot: WorldSnapshot): Promise<void> {
    return this.control(() => this.here.restore(snapshot));
  }

  /** The whole state as portable JSON (what GET /__emulator/state answers); secrets only as hashes. */
  exportState(): Promise<StateExport> {
    return this.turn(async () => {
      return exportState(this.here);
    });
  }

  /** Replaces the state with an export (PUT /__emulator/state); a bad one throws and changes nothing. */
  importState(state: unknown): Promise<Handles> {
    return this.control(() => importState(this.here, state));
  }

  async close(): Promise<void> {
    if (this.id === 'default') await this.registry?.closeAll();
    this.jobs.close();
    // A shared database: what this process saves must not undo what another wrote since.
    return this.turn(async () => {
      await this.persistence?.sync();
      await this.here.storage.close();
    });
  }
}
