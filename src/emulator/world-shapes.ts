// The shapes around a world: what it is built from, and what a snapshot or an
// imported state holds (kept apart so world.ts holds only the operations).
import type { IndexFactory } from '../vector/index-manager.js';
import type { ClockMode, ClockState } from '../clock/clock.js';
import type { RateLimiterState } from '../core/rate-limiter.js';
import type { RandomState } from '../seed/random.js';
import type { Handles } from '../scenarios/handles.js';
import type { Scenario, Settings } from '../scenarios/schema.js';
import type { Storage, StorageSnapshot } from '../storage/storage.js';
import type { ScenarioLister, ScenarioResolver } from '../scenarios/validate.js';
import type { IndexViews } from '../vector/index-manager.js';
import type { TextSegments } from '../areas/rag-search/text-index.js';
import type { AnyArea, OutboundFetch } from '../core/area.js';
import type { WorldsPort } from '../control/port.js';

export interface WorldSnapshot {
  storage: StorageSnapshot;
  random: RandomState;
  clock: ClockState;
  limiter: RateLimiterState;
  handles: Handles;
  settings: Settings;
  scenario: Scenario;
  /** The in-memory indexes that belong to `storage`, reattached by a restore. */
  indexes: { vectors: IndexViews; text: TextSegments };
}

/** The parts of a world besides its tables, as a state import or a data dir carries them. */
export interface AdoptedState {
  now: number;
  random: RandomState;
  rateLimits: RateLimiterState;
  settings: Settings;
  handles: Handles;
  scenario: Scenario;
}

export interface WorldOptions {
  storage: Storage;
  clockMode: ClockMode;
  issuer?: string;
  resolveScenario: ScenarioResolver;
  /** Lists what `resolveScenario` knows; none are listed without it. */
  listScenarios?: ScenarioLister;
  onInternalError?(err: unknown): void;
  /** How vector indexes are made: HNSW where hnswlib-node loads, else exact search. */
  vectorIndexFactory?: IndexFactory;
  /** The areas to mount, in order (src/areas/index.ts when absent); storage must hold their tables. */
  areas?: readonly AnyArea[];
  /** Origins trusted like loopback ones for the control API and credentialed CORS (normalized). */
  allowedOrigins?: string[];
  /** Outbound HTTP of the emulated service (webhooks, crawls); the process's `fetch` at call time when absent. */
  fetch?: OutboundFetch;
  /** The emulator's world registry, which the worlds control routes act on. */
  worlds?: WorldsPort;
  /** The storage was made for this world and holds no rows yet: its first load has nothing to clear. */
  storageEmpty?: boolean;
}
