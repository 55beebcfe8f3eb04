// The whole state as portable JSON (GET/PUT /__emulator/state): tables, clock, random state,
// rate-limit counters, settings, scenario and handles. Secrets never leave: tables hold only
// their hashes, and the scenario and handles are stripped of them.
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';
import { validationError, type ValidationIssue } from '../core/errors.js';
import { zodIssues } from '../core/validation.js';
import type { RateLimiterState } from '../core/rate-limiter.js';
import type { Handles } from '../scenarios/handles.js';
import { ScenarioShapeSchema, SettingsSchema, type Scenario, type Settings } from '../scenarios/schema.js';
import type { RandomState } from '../seed/random.js';
import { hashSecret } from '../security/hash.js';
import { SCHEMA_VERSION } from '../storage/schema.js';
import { splitSections } from '../scenarios/sections.js';
import type { StorageSnapshot, TableDump } from '../storage/storage.js';
import { VERSION } from '../version.js';
import type { AdoptedState, World } from './world.js';

/** Bumped whenever the export's shape changes; newer snapshots are refused, never guessed at. */
export const STATE_FORMAT_VERSION = 1;

/** The emulator's own bookkeeping and derived tables (rebuilt after an import) stay out of exports. */
export const UNEXPORTED_TABLES = ['meta'];

export interface StateExport {
  formatVersion: number;
  emulatorVersion: string;
  schemaVersion: number;
  clock: { now: number; iso: string };
  random: RandomState;
  rateLimits: RateLimiterState;
  settings: Settings;
  scenario: Scenario;
  handles: Handles;
  tables: TableDump;
}

const Uint32 = lazySchema(() => z.number().int().min(0).max(0xffffffff));
const Column = lazySchema(() => z.string().regex(/^[a-z_][a-z0-9_]*$/, 'A column name is lower case letters, digits and _'));
const RowSchema = lazySchema(() => z.record(Column, z.union([z.string(), z.number(), z.null()])));

export const HandlesSchema = lazySchema(() => z
  .object({
    scenario: z.string(),
    seed: Uint32,
    now: z.string(),
    workspaces: z.array(
      z
        .object({
          id: z.string(),
          slug: z.string(),
          name: z.string(),
          apiKeys: z.array(z.object({ id: z.string(), name: z.string(), secret: z.string().optional(), status: z.string() }).passthrough()),
          transcripts: z.array(z.object({ id: z.string(), title: z.string() }).passthrough()),
        })
        .passthrough(),
    ),
    users: z.array(z.object({ id: z.string(), email: z.string().optional(), accessToken: z.string(), expiresAt: z.string() }).passthrough()),
  })
  .passthrough());

export const RateLimitsSchema = lazySchema(() => z.record(z.string(), z.object({ windowStart: z.number().int(), count: z.number().int().nonnegative() }).strict()));
export const RandomStateSchema = lazySchema(() => z.object({ seed: Uint32, counter: Uint32 }).strict());

const stateShape = lazySchema(() => ({
  formatVersion: z.number().int().positive(),
  emulatorVersion: z.string(),
  schemaVersion: z.number().int().positive(),
  clock: z.object({ now: z.number().int().nonnegative(), iso: z.string() }).strict(),
  random: RandomStateSchema,
  rateLimits: RateLimitsSchema,
  settings: SettingsSchema,
  // Checked apart: areas' scenario sections are validated by their own schemas (scenarios/sections.ts).
  scenario: z.unknown(),
  handles: HandlesSchema,
}));
const StateSchema = lazySchema(() => z.object({ ...stateShape, tables: z.record(z.string(), z.array(RowSchema)) }).strict());
/** The same checks with the tables taken as they are: `plainTables` has already proved them valid. */
const StateWithCheckedTablesSchema = lazySchema(() => z.object({ ...stateShape, tables: z.unknown() }).strict());

const COLUMN = /^[a-z_][a-z0-9_]*$/;

/**
 * Whether `tables` passes `tables: z.record(z.string(), z.array(RowSchema))` unchanged, checked in
 * place: zod copies every row and tests every key of it (most of an import's memory and time at
 * 100k chunks, and the garbage collection the first request after it paid). Anything unusual
 * (another prototype, a `__proto__` key, a non-finite number) answers false, and the full schema
 * then judges and words the issues as before.
 */
function plainTables(tables: unknown): tables is TableDump {
  if (!isPlain(tables)) return false;
  const columns = new Set<string>();
  for (const name in tables) {
    const rows = (tables as Record<string, unknown>)[name];
    if (!Array.isArray(rows)) return false;
    for (let i = 0; i < rows.length; i++) {
      const row: unknown = rows[i];
      if (!isPlain(row)) return false;
      for (const key in row) {
        if (!columns.has(key)) {
          if (key === '__proto__' || !COLUMN.test(key)) return false;
          columns.add(key);
        }
        const value = (row as Record<string, unknown>)[key];
        if (value !== null && typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return false;
      }
    }
  }
  return true;
}

function isPlain(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The handles without key secrets (user access tokens are short-lived JWTs and stay). */
export function handlesWithoutSecrets(handles: Handles): Handles {
  return {
    ...handles,
    workspaces: handles.workspaces.map((ws) => ({ ...ws, apiKeys: ws.apiKeys.map(({ secret: _secret, ...key }) => key) })),
  };
}

/** The scenario without key secrets: a fixed secret in a document is a secret too. */
export function scenarioWithoutSecrets(scenario: Scenario): Scenario {
  return {
    ...scenario,
    workspaces: scenario.workspaces.map((ws) => ({ ...ws, apiKeys: ws.apiKeys.map(({ secret: _secret, ...key }) => key) })),
  };
}

/** Each world's last dump of its exported tables, and the storage's writeVersion it was taken at. */
const kept = new WeakMap<World, { version: number; tables: TableDump }>();
/** The dump of a snapshot's tables, taken while the storage held them (Storage.heldSnapshot). */
const ofImage = new WeakMap<StorageSnapshot, TableDump>();
/** Dumps larger than this are not kept: a world of 100k rows should not hold a second copy of them. */
const KEEP_ROWS = 20_000;

/**
 * The exported tables' rows. While the storage has not been written (its writeVersion has not
 * moved), or holds a snapshot's tables unwritten since a restore, a dump taken then still holds
 * and no table is read again; every caller gets its own copy.
 */
async function exportedRows(world: World): Promise<TableDump> {
  const version = world.storage.writeVersion;
  let last = kept.get(world);
  if (version === undefined || last?.version !== version) {
    const image = world.storage.heldSnapshot;
    let tables = image && ofImage.get(image);
    if (!tables) {
      const dump = await world.storage.dump();
      tables = {};
      for (const name of world.exportedTables()) tables[name] = dump[name] ?? [];
    }
    last = { version: version ?? Number.NaN, tables };
    // A write that ran beside the dump may or may not be in it: keep only a dump nothing overlapped.
    if (version !== undefined && world.storage.writeVersion === version && rowCount(tables) <= KEEP_ROWS) {
      kept.set(world, last);
      if (image) ofImage.set(image, tables);
    }
  }
  const copy: TableDump = {};
  for (const [name, rows] of Object.entries(last.tables)) copy[name] = rows.map((row) => ({ ...row }));
  return copy;
}

function rowCount(tables: TableDump): number {
  let n = 0;
  for (const rows of Object.values(tables)) n += rows.length;
  return n;
}

export async function exportState(world: World): Promise<StateExport> {
  const tables = await exportedRows(world);
  const now = world.clock.now();
  return {
    formatVersion: STATE_FORMAT_VERSION,
    emulatorVersion: VERSION,
    schemaVersion: SCHEMA_VERSION,
    clock: { now, iso: new Date(now).toISOString() },
    random: world.random.state(),
    rateLimits: world.rateLimiter.state(),
    settings: world.settings,
    scenario: scenarioWithoutSecrets(world.scenario),
    handles: handlesWithoutSecrets(world.handles),
    tables,
  };
}

/** Checks a snapshot completely before anything is written; every problem is a 400 with its path. */
export function parseState(input: unknown, exportedTables: readonly string[]): StateExport {
  const version = (input as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > STATE_FORMAT_VERSION) {
    throw validationError('The snapshot comes from a newer emulator', [
      { path: 'formatVersion', message: `Format ${version} is newer than ${STATE_FORMAT_VERSION}, the newest this emulator reads` },
    ]);
  }
  const tablesChecked = typeof input === 'object' && input !== null && plainTables((input as { tables?: unknown }).tables);
  const parsed = (tablesChecked ? StateWithCheckedTablesSchema : StateSchema).safeParse(input);
  const issues: ValidationIssue[] = parsed.success ? [] : zodIssues(parsed.error);
  // The scenario is checked only inside an object: a snapshot that is not one has one issue, at its root.
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
  const sections = splitSections(isObject ? (input as { scenario?: unknown }).scenario : undefined);
  const scenario = isObject ? ScenarioShapeSchema.safeParse(sections.rest) : undefined;
  if (parsed.success) {
    const state = parsed.data;
    if (state.schemaVersion !== SCHEMA_VERSION) issues.push({ path: 'schemaVersion', message: `Expected ${SCHEMA_VERSION}` });
    for (const name of Object.keys(state.tables as TableDump)) {
      if (!exportedTables.includes(name)) issues.push({ path: `tables.${name}`, message: 'Unknown table' });
    }
  }
  const prefix = (path: string) => (path ? `scenario${path.startsWith('[') ? '' : '.'}${path}` : 'scenario');
  if (scenario && !scenario.success) issues.push(...zodIssues(scenario.error).map((i) => ({ ...i, path: prefix(i.path) })));
  issues.push(...sections.issues.map((i) => ({ ...i, path: prefix(i.path) })));
  if (!parsed.success || !scenario?.success || issues.length > 0) throw validationError('Invalid state snapshot', issues);
  sections.attach(scenario.data.workspaces);
  // Handles are validated but kept as sent: areas add fields to them, and a re-parse would reorder those.
  return { ...parsed.data, scenario: scenario.data, handles: (input as { handles: Handles }).handles } as StateExport;
}

/**
 * Replaces the world with a snapshot. Tables load in one transaction, so a snapshot the database
 * refuses leaves the state untouched. Keys whose secrets this emulator already knows (same id,
 * same hash) keep them in the handles.
 */
export async function importState(world: World, input: unknown): Promise<Handles> {
  const state = parseState(input, world.exportedTables());
  const handles = restoreKnownSecrets(state.handles, world.handles, state.tables);
  try {
    await world.storage.load(state.tables);
  } catch (err) {
    throw validationError('The database refused the snapshot’s tables', [{ path: 'tables', message: err instanceof Error ? err.message : String(err) }]);
  }
  const adopted: AdoptedState = {
    now: state.clock.now,
    random: state.random,
    rateLimits: state.rateLimits,
    settings: state.settings,
    handles,
    scenario: state.scenario,
  };
  await world.adopt(adopted, 'state');
  return handles;
}

function restoreKnownSecrets(imported: Handles, current: Handles | undefined, tables: TableDump): Handles {
  const known = new Map<string, string>();
  for (const ws of current?.workspaces ?? []) for (const key of ws.apiKeys) if (key.secret) known.set(key.id, key.secret);
  const hashes = new Map((tables.api_keys ?? []).map((row) => [String(row.id), String(row.secret_hash)]));
  return {
    ...imported,
    workspaces: imported.workspaces.map((ws) => ({
      ...ws,
      apiKeys: ws.apiKeys.map(({ secret: _drop, ...key }) => {
        const secret = known.get(key.id);
        return secret !== undefined && hashes.get(key.id) === hashSecret(secret) ? { ...key, secret } : key;
      }),
    })),
  };
}
