// Keeping a world across restarts (`--data DIR`): the tables live in the data dir already; the rest
// of the world (clock, random state, counters, settings, scenario, handles without secrets) is
// kept in the `meta` table. The runtime part is written inside every write transaction, so an
// acknowledged write never lands without the random state that made its ids.
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';
import type { Handles } from '../scenarios/handles.js';
import { ScenarioShapeSchema, SettingsSchema, type Scenario } from '../scenarios/schema.js';
import { hashSecret } from '../security/hash.js';
import type { Storage } from '../storage/storage.js';
import { HandlesSchema, RandomStateSchema, RateLimitsSchema, STATE_FORMAT_VERSION, handlesWithoutSecrets } from './state-export.js';
import type { AdoptedState, World } from './world.js';

const WORLD_KEY = 'emulator.world';
const RUNTIME_KEY = 'emulator.runtime';
const UPSERT = 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value';

/** A data dir that cannot be opened or read: a clear message, never a stack. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

const WorldMetaSchema = lazySchema(() => z.object({
  formatVersion: z.number().int().positive(),
  // The scenario is kept whole, as its own file was: reset reloads it and regenerates the same secrets.
  scenario: ScenarioShapeSchema,
  settings: SettingsSchema,
  handles: HandlesSchema,
}));

const RuntimeMetaSchema = lazySchema(() => z.object({ now: z.number().int().nonnegative(), random: RandomStateSchema, rateLimits: RateLimitsSchema }));

function runtimeOf(world: World): string {
  return JSON.stringify({ now: world.clock.now(), random: world.random.state(), rateLimits: world.rateLimiter.state() });
}

/**
 * Wraps a data-dir storage so each outermost transaction also saves the world's runtime state
 * before it commits. A Proxy, so methods the drivers add later pass straight through.
 */
export function persistentStorage(inner: Storage, runtime: () => string | undefined): Storage {
  let depth = 0;
  const transaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (depth > 0) return fn();
    depth++;
    try {
      return await inner.transaction(async () => {
        const result = await fn();
        const value = runtime();
        if (value !== undefined) await inner.run(UPSERT, [RUNTIME_KEY, value]);
        return result;
      });
    } finally {
      depth--;
    }
  };
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export class Persistence {
  private world: World | undefined;

  constructor(private readonly storage: Storage, private readonly dataDir: string) {}

  /** The runtime JSON the storage wrapper saves; nothing until a world is attached. */
  runtime = (): string | undefined => (this.world ? runtimeOf(this.world) : undefined);

  attach(world: World): void {
    this.world = world;
  }

  /** The world kept in the data dir, or undefined when it holds none yet. */
  async read(): Promise<AdoptedState | undefined> {
    let rows: { key: string; value: string }[];
    try {
      rows = await this.storage.all<{ key: string; value: string }>('SELECT key, value FROM meta WHERE key IN (?, ?)', [WORLD_KEY, RUNTIME_KEY]);
    } catch (err) {
      throw new DataDirError(`The data dir ${this.dataDir} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
    }
    const byKey = new Map(rows.map((r) => [r.key, r.value]));
    const worldText = byKey.get(WORLD_KEY);
    if (worldText === undefined) return undefined;
    const parse = <T>(schema: z.ZodType<T>, text: string | undefined, what: string): T => {
      let json: unknown;
      try {
        json = JSON.parse(text ?? 'null');
      } catch {
        throw new DataDirError(`The data dir ${this.dataDir} is corrupt: its ${what} is not JSON. Move the folder away, or start with --fresh.`);
      }
      const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
      if (typeof version === 'number' && version > STATE_FORMAT_VERSION) {
        throw new DataDirError(`The data dir ${this.dataDir} was written by a newer emulator (format ${version}); this one reads up to ${STATE_FORMAT_VERSION}.`);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new DataDirError(`The data dir ${this.dataDir} is corrupt: its ${what} does not validate (${first?.path.join('.') || '(root)'}: ${first?.message}). Move the folder away, or start with --fresh.`);
      }
      return parsed.data;
    };
    const world = parse(WorldMetaSchema, worldText, 'world record');
    const runtime = parse(RuntimeMetaSchema, byKey.get(RUNTIME_KEY), 'runtime record');
    const handles = await this.knownSecrets(world.handles as unknown as Handles, world.scenario as Scenario);
    return { ...runtime, settings: world.settings, scenario: world.scenario as Scenario, handles };
  }

  /** Secrets fixed in the kept scenario go back into the handles while the stored hash still matches. */
  private async knownSecrets(handles: Handles, scenario: Scenario): Promise<Handles> {
    const fixed = new Map<string, string>();
    for (const ws of scenario.workspaces) for (const key of ws.apiKeys) if (key.id && key.secret) fixed.set(key.id, key.secret);
    if (fixed.size === 0) return handles;
    const rows = await this.storage.all<{ id: string; secret_hash: string }>('SELECT id, secret_hash FROM api_keys');
    const hashes = new Map(rows.map((r) => [r.id, r.secret_hash]));
    return {
      ...handles,
      workspaces: handles.workspaces.map((ws) => ({
        ...ws,
        apiKeys: ws.apiKeys.map((key) => {
          const secret = fixed.get(key.id);
          return secret !== undefined && hashes.get(key.id) === hashSecret(secret) ? { ...key, secret } : key;
        }),
      })),
    };
  }

  /** Saves the world record and the runtime (after every control operation and on close). */
  async sync(): Promise<void> {
    const world = this.world;
    if (!world) return;
    const record = { formatVersion: STATE_FORMAT_VERSION, scenario: world.scenario, settings: world.settings, handles: handlesWithoutSecrets(world.handles) };
    await this.storage.run(UPSERT, [WORLD_KEY, JSON.stringify(record)]);
    await this.storage.run(UPSERT, [RUNTIME_KEY, runtimeOf(world)]);
  }
}
