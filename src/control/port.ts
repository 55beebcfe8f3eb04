// The narrow interface the control plane talks to: the world implements it (emulator/world.ts), so
// control/* depends on no emulator module and the emulator mounts the control routes over itself.
import type { RagFileState } from '../areas/rag-files/pipeline.js';
import type { Clock } from '../clock/clock.js';
import type { Scheduler } from '../clock/scheduler.js';
import type { Handles } from '../core/handles.js';
import type { ScenarioSummary } from '../scenarios/validate.js';
import type { Scenario } from '../scenarios/schema.js';
import type { SeededRandom } from '../seed/random.js';
import type { Storage } from '../storage/storage.js';
import type { FaultInjector } from './fault-injector.js';
import type { Mailbox } from './mailbox-store.js';
import type { RequestJournal } from './request-journal.js';
import type { ClockChange } from './schema.js';

export interface ControlPort {
  readonly clock: Clock;
  readonly random: SeededRandom;
  /** `all` for the dashboard's read-only state browser (control/dashboard/state-browser.ts). */
  readonly storage: Pick<Storage, 'kind' | 'all'>;
  readonly scheduler: Pick<Scheduler, 'flush'>;
  readonly scenario: Scenario;
  readonly faults: FaultInjector;
  readonly journal: RequestJournal;
  readonly mailbox: Mailbox;
  resetTo(options?: { scenario?: string; seed?: number }): Promise<Handles>;
  loadDocument(doc: unknown): Promise<Handles>;
  changeClock(change: ClockChange): Promise<void>;
  issueToken(userId: string, expiresInSec?: number): Promise<{ accessToken: string; expiresAt: string }>;
  scenarios(): Promise<{ current: string; available: ScenarioSummary[] }>;
  /** Every RAG file's pipeline state (GET /__emulator/rag/files). */
  ragFileStates(): Promise<RagFileState[]>;
  /** The whole state as portable JSON, and its import (emulator/state-export.ts). */
  exportState(): Promise<unknown>;
  importState(input: unknown): Promise<Handles>;
  /** The emulator's world registry (POST/GET/DELETE /__emulator/worlds); absent for a bare world. */
  readonly worlds?: WorldsPort | undefined;
}

/** What a world lists of itself (docs/worlds.md). */
export interface WorldInfo {
  id: string;
  scenario: string;
  seed: number;
  createdAt: string;
}

/** The world registry as the control routes see it. */
export interface WorldsPort {
  /** A new world from a built-in scenario name or a whole document (default: `default`), and a seed. */
  create(options: { scenario?: string | Record<string, unknown>; seed?: number }): Promise<WorldInfo>;
  list(): WorldInfo[];
  /** Re-reads the list where other processes share it (the postgres driver); absent or a no-op otherwise. */
  refresh?(): Promise<void>;
  /** Deletes a created world: NOT_FOUND (WORLD_NOT_FOUND) when none, CONFLICT for `default`. */
  delete(id: string): Promise<void>;
}
