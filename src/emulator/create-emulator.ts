// createEmulator: opens storage, builds the world and loads the boot scenario.
import type { ClockMode } from '../clock/clock.js';
import type { StorageKind } from '../storage/storage.js';
import type { ScenarioInput } from '../scenarios/schema.js';
import { parseScenario, type ScenarioResolver } from '../scenarios/validate.js';
import { Emulator } from './emulator.js';
import { openStorage } from './open-storage.js';
import { World } from './world.js';

export interface EmulatorOptions {
  /** A built-in scenario name or a whole document; `default` when absent. */
  scenario?: string | ScenarioInput;
  /** Overrides the scenario's seed. */
  seed?: number;
  /** Overrides the scenario's `now` (epoch ms or ISO 8601). */
  now?: number | string;
  storage?: StorageKind;
  /** Keeps the database in this folder instead of memory. */
  dataDir?: string;
  /** `manual` (default): time stands still until advanced. `real`: follows the wall clock. */
  clock?: ClockMode;
  /** JWT issuer; `service-emulator` unless set. */
  issuer?: string;
  /** Resolves built-in names; Node reads `scenarios/`, a browser passes its own. */
  resolveScenario?: ScenarioResolver;
  /** Sees every unexpected error before it is answered as a 500. */
  onInternalError?(err: unknown): void;
}

async function nodeResolver(): Promise<ScenarioResolver> {
  const { resolveBuiltinScenario } = await import('../scenarios/builtin.js');
  return resolveBuiltinScenario;
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const resolveScenario = options.resolveScenario ?? (await nodeResolver());
  const requested = options.scenario ?? 'default';
  const scenario = typeof requested === 'string' ? await resolveScenario(requested) : parseScenario(requested);
  if (options.seed !== undefined) scenario.seed = options.seed;
  if (options.now !== undefined) scenario.now = new Date(options.now).toISOString();

  const storage = await openStorage(options.storage ?? 'sqlite', options.dataDir);
  const world = new World({
    storage,
    clockMode: options.clock ?? 'manual',
    resolveScenario,
    ...(options.issuer && { issuer: options.issuer }),
    ...(options.onInternalError && { onInternalError: options.onInternalError }),
  });
  try {
    await world.load(scenario);
  } catch (err) {
    await storage.close();
    throw err;
  }
  return new Emulator(world);
}
