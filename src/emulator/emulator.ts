// The Emulator: the public object. `fetch` is the one core handler both doors call; the rest is
// the JS face of the control API. Every operation takes the request lock.
import type { ClockMode } from '../clock/clock.js';
import type { ClockChange } from '../control/schema.js';
import type { RequestInfo } from '../core/app.js';
import type { Handles } from '../scenarios/handles.js';
import type { StorageKind } from '../storage/storage.js';
import { buildOpenApi } from '../openapi/document.js';
import { RequestLock } from './request-lock.js';
import type { World, WorldSnapshot } from './world.js';

export interface EmulatorClock {
  readonly mode: ClockMode;
  /** Emulator time, epoch ms. */
  now(): number;
  iso(): string;
  /** Moves time forward, running every scheduled job that falls due, in order. */
  advance(ms: number): Promise<void>;
  /** Moves time to an epoch-ms or ISO instant (never backwards). */
  set(time: number | string): Promise<void>;
  setMode(mode: ClockMode): Promise<void>;
}

export class Emulator {
  private readonly lock = new RequestLock();
  readonly clock: EmulatorClock;

  constructor(private readonly world: World) {
    const change = (c: ClockChange) => this.lock.run(() => world.changeClock(c));
    this.clock = {
      get mode() {
        return world.clock.mode;
      },
      now: () => world.clock.now(),
      iso: () => world.clock.iso(),
      advance: (ms) => change({ advanceMs: ms }),
      set: (time) => change({ set: time }),
      setMode: (mode) => change({ mode }),
    };
    this.fetch = this.fetch.bind(this);
  }

  /** The core handler: a Web Request in, a Web Response out. Both doors call only this. */
  fetch(request: Request, info?: RequestInfo): Promise<Response> {
    return this.lock.run(async () => {
      await this.world.scheduler.runDue();
      const { response } = await this.world.core.fetch(request, info);
      return response;
    });
  }

  /** The OpenAPI 3.1 document of every route this emulator serves. */
  openApi(): Record<string, unknown> {
    return buildOpenApi(this.world.routes);
  }

  get storage(): StorageKind {
    return this.world.storage.kind;
  }

  get seed(): number {
    return this.world.random.seed;
  }

  /** Ids, key secrets and user tokens of the loaded scenario. */
  get handles(): Handles {
    return this.world.handles;
  }

  reset(options: { scenario?: string; seed?: number } = {}): Promise<Handles> {
    return this.lock.run(() => this.world.resetTo(options));
  }

  /** Loads a built-in scenario by name, or a whole document. */
  loadScenario(scenario: string | Record<string, unknown>, seed?: number): Promise<Handles> {
    const doc = typeof scenario === 'string' ? { name: scenario, ...(seed !== undefined && { seed }) } : scenario;
    return this.lock.run(() => this.world.loadDocument(doc));
  }

  flushJobs(): Promise<{ now: number; ran: number }> {
    return this.lock.run(async () => ({ ran: await this.world.scheduler.flush(), now: this.world.clock.now() }));
  }

  issueToken(userId: string, expiresInSec?: number): Promise<{ accessToken: string; expiresAt: string }> {
    return this.lock.run(() => this.world.issueToken(userId, expiresInSec));
  }

  /** An in-memory copy of the whole state, cheap enough to take between tests. */
  snapshot(): Promise<WorldSnapshot> {
    return this.lock.run(() => this.world.snapshot());
  }

  restore(snapshot: WorldSnapshot): Promise<void> {
    return this.lock.run(() => this.world.restore(snapshot));
  }

  close(): Promise<void> {
    return this.lock.run(() => this.world.storage.close());
  }
}
