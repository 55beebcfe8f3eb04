// createEmulator: opens storage, builds the world and loads the boot scenario (or, with a data dir
// that already holds a world, resumes it).
import type { ClockMode } from '../clock/clock.js';
import type { Storage, StorageKind } from '../storage/storage.js';
import type { ScenarioInput } from '../scenarios/schema.js';
import { parseScenario, type ScenarioLister, type ScenarioResolver } from '../scenarios/validate.js';
import { Emulator } from './emulator.js';
import { chooseStorage, openStorage } from './open-storage.js';
import { noticeFallback } from '../native/native-modules.js';
import { DataDirError, Persistence, persistentStorage } from './persistence.js';
import { World } from './world.js';
import { WorldRegistry } from './world-registry.js';
import type { SharedWorlds } from './shared-worlds.js';
import { checkAllowedOrigins } from '../core/origin-policy.js';
import { exactIndexFactory } from '../vector/index-manager.js';
import { loadHnswlib } from '../vector/hnsw-index.js';
import type { AnyArea, OutboundFetch } from '../core/area.js';
import type { TableDef } from '../storage/table-def.js';
import { AREAS } from '../areas/index.js';
import { registerAreaSections, worldTables } from './area-mount.js';
import { scenarioSections } from '../scenarios/sections.js';

export interface EmulatorOptions {
  /** A built-in scenario name or a whole document; `default` when absent. */
  scenario?: string | ScenarioInput;
  /** Overrides the scenario's seed. */
  seed?: number;
  /** Overrides the scenario's `now` (epoch ms or ISO 8601). */
  now?: number | string;
  /**
   * `sqlite` (better-sqlite3) or `pglite`. Absent: SQLite where better-sqlite3 loads, else PGlite
   * (said once through `onNotice`). Asking for `sqlite` where it cannot load is an error.
   */
  storage?: StorageKind;
  /**
   * Keeps the database in this folder instead of memory. A folder that already holds a world is
   * resumed (clock, random state, data) instead of loading the scenario, unless `fresh` is set.
   */
  dataDir?: string;
  /** With `dataDir` (or `databaseUrl`): load the scenario even when it holds a world, replacing it. */
  fresh?: boolean;
  /**
   * With `storage: 'postgres'`: the server, `postgres://user:password@host:port/database`. The
   * database keeps the world as a data dir does (a database that holds one is resumed), and
   * several processes given the same URL serve the same world (docs/postgres.md).
   */
  databaseUrl?: string;
  /** With `storage: 'postgres'`: the schema the world's tables live in; `public` when absent. */
  databaseSchema?: string;
  /** `manual` (default): time stands still until advanced. `real`: follows the wall clock. */
  clock?: ClockMode;
  /**
   * The OAuth issuer (RFC 8414): an http(s) URL without query or fragment, named by the discovery
   * documents and the `iss` of every token. Unset, the issuer is the origin the emulator is served
   * at: the origin each request came to (the server's URL, the MSW base URL).
   */
  issuer?: string;
  /**
   * Vector search: `auto` (default) uses HNSW through hnswlib-node where it loads, else exact
   * search; `exact` always searches exhaustively (the browser's choice: nothing native to load).
   */
  vectorSearch?: 'auto' | 'exact';
  /** Resolves built-in names; Node reads `scenarios/`, a browser passes its own. */
  resolveScenario?: ScenarioResolver;
  /** Lists the names `resolveScenario` knows (GET /__emulator/scenarios); Node lists `scenarios/`. */
  listScenarios?: ScenarioLister;
  /**
   * Hears the one-line notices of a fallback (better-sqlite3 or hnswlib-node missing, so PGlite or
   * exact search is used). Absent: the line goes to stderr, once per process.
   */
  onNotice?(message: string): void;
  /**
   * Pages trusted like loopback ones (docs/security.md): they may call the control API and the
   * dashboard, and get credentialed CORS answers on service routes. Each is an origin,
   * `http(s)://host[:port]`. Loopback origins (localhost, 127.0.0.0/8, [::1]) need no naming.
   */
  allowedOrigins?: string[];
  /** Sees every unexpected error before it is answered as a 500. */
  onInternalError?(err: unknown): void;
  /** Areas mounted after the built-in list (src/areas/index.ts): a plugin's, or a test's. */
  areas?: AnyArea[];
  /**
   * Outbound HTTP of the emulated service (webhook deliveries, crawls, remote tool servers). Absent:
   * the process's `fetch`, looked up at each call, so an MSW server or worker intercepts it.
   */
  fetch?: OutboundFetch;
}

/** An issuer is an https (or, for local use, http) URL with no query and no fragment (RFC 8414 §2). */
function checkIssuer(issuer: string): void {
  const url = URL.canParse(issuer) ? new URL(issuer) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search !== '' || url.hash !== '' || issuer.includes('#') || issuer.includes('?')) {
    throw new TypeError(`issuer must be an http(s) URL without query or fragment, got "${issuer}"`);
  }
}

/** Whether the scenario sections registered are the built-in areas' own (no extra area added or replaced one). */
function builtinSections(): boolean {
  const builtin = AREAS.flatMap((a) => (a.scenario ? [a.scenario] : []));
  const registered = scenarioSections();
  return registered.length === builtin.length && registered.every((spec) => builtin.includes(spec as (typeof builtin)[number]));
}

async function nodeResolver(): Promise<ScenarioResolver> {
  // One after another: Jest's ESM runtime fails to link a module that two concurrent imports reach
  // at once ("request for 'node:fs' is not in cache"). In the bundled core they are one chunk already.
  const { resolveBuiltinScenario } = await import('../scenarios/builtin.js');
  const { primePreparedParses } = await import('../scenarios/prepared-parses.js');
  const { withPreparedScenarios } = await import('../scenarios/prepared-scenarios.js');
  // The built-in files' text and chunks, prepared by the build: no parser loads to place them.
  await primePreparedParses();
  // The built-in documents as the build parsed them: no zod parse while they are unchanged.
  return withPreparedScenarios(resolveBuiltinScenario, builtinSections);
}

async function nodeLister(): Promise<ScenarioLister> {
  const { listBuiltinScenarios } = await import('../scenarios/builtin.js');
  return listBuiltinScenarios;
}

async function openDataDir(kind: StorageKind, dataDir: string, tables: TableDef[]): Promise<Storage> {
  try {
    return await openStorage(kind, dataDir, tables);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new DataDirError(`The data dir ${dataDir} cannot be opened with the ${kind} driver (${reason}). Move the folder away to start afresh.`);
  }
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const resolveScenario = options.resolveScenario ?? (await nodeResolver());
  const listScenarios = options.listScenarios ?? (options.resolveScenario ? undefined : await nodeLister());
  const areas = [...AREAS, ...(options.areas ?? [])];
  // Before any parse: a scenario may hold the extra areas' sections.
  registerAreaSections(areas, AREAS);
  const tables = worldTables(areas);
  const requested = options.scenario ?? 'default';
  const scenario = typeof requested === 'string' ? await resolveScenario(requested) : parseScenario(requested);
  if (options.seed !== undefined) scenario.seed = options.seed;
  // `now` pins where time starts; the scenario's own times keep their distance to it.
  const startAt = options.now === undefined ? undefined : new Date(options.now).getTime();
  if (startAt !== undefined && Number.isNaN(startAt)) throw new TypeError('now must be epoch ms or an ISO 8601 time');
  if (options.issuer !== undefined) checkIssuer(options.issuer);
  const allowedOrigins = checkAllowedOrigins(options.allowedOrigins);

  const kind = await chooseStorage(options.storage, options.onNotice);
  // Probed now, not at the first search, so the fallback is said at start and said once.
  const exact = options.vectorSearch === 'exact' || !(await loadHnswlib());
  if (exact && options.vectorSearch !== 'exact') noticeFallback('hnswlib-node', options.onNotice);
  let storage: Storage;
  let persistence: Persistence | undefined;
  let shared: Storage | undefined;
  let sharedWorlds: SharedWorlds | undefined;
  if (kind === 'postgres') {
    if (options.dataDir) throw new TypeError('storage "postgres" keeps its world in the database: give databaseUrl, not dataDir');
    const { describeUrl } = await import('../storage/postgres/postgres-sql.js');
    shared = await openStorage(kind, undefined, tables, { databaseUrl: options.databaseUrl ?? '', ...(options.databaseSchema !== undefined && { schema: options.databaseSchema }) });
    persistence = new Persistence(shared, `database ${describeUrl(options.databaseUrl ?? '')}`);
    storage = persistentStorage(shared, persistence.runtime);
    // Created worlds are listed in the database (one schema each), so every process serves them.
    const { PostgresWorldList } = await import('../storage/postgres/postgres-world-list.js');
    const { PostgresStorage } = await import('../storage/postgres/postgres-storage.js');
    try {
      if (!(shared instanceof PostgresStorage)) throw new TypeError('the postgres driver opened no PostgresStorage');
      sharedWorlds = { databaseUrl: options.databaseUrl ?? '', directory: await PostgresWorldList.open(shared) };
    } catch (err) {
      await shared.close().catch(() => undefined);
      throw err;
    }
  } else if (options.dataDir) {
    const raw = await openDataDir(kind, options.dataDir, tables);
    persistence = new Persistence(raw, options.dataDir);
    storage = persistentStorage(raw, persistence.runtime);
  } else storage = await openStorage(kind, undefined, tables);

  // What every world of this emulator is made with (the default one and created ones, docs/worlds.md).
  const worldOptions = {
    areas,
    clockMode: options.clock ?? 'manual',
    resolveScenario,
    ...(listScenarios && { listScenarios }),
    ...(exact && { vectorIndexFactory: exactIndexFactory }),
    ...(options.issuer && { issuer: options.issuer }),
    ...(allowedOrigins.length > 0 && { allowedOrigins }),
    ...(options.onInternalError && { onInternalError: options.onInternalError }),
    ...(options.fetch && { fetch: options.fetch }),
  };
  let root: Emulator | undefined;
  const registry: WorldRegistry<Emulator> = new WorldRegistry<Emulator>(
    { kind, tables, world: worldOptions, resolveScenario, ...(startAt !== undefined && { startAt }), ...(sharedWorlds && { shared: sharedWorlds }) },
    (opened, id, kept): Emulator => new Emulator(opened, kept, false, registry, id),
    () => (root as Emulator).clock.iso(),
  );
  // An in-memory storage opened just now holds no rows: the first load skips clearing it.
  const world = new World({ ...worldOptions, storage, worlds: registry, storageEmpty: persistence === undefined && shared === undefined });
  let kept: Awaited<ReturnType<Persistence['read']>>;
  try {
    kept = persistence && !options.fresh ? await persistence.read() : undefined;
    persistence?.attach(world);
    if (kept) await world.adopt(kept, 'scenario');
    else await world.load(scenario, startAt);
    await persistence?.sync();
    if (shared && persistence) {
      const { shareDatabase } = await import('./shared-database.js');
      shareDatabase(shared, world, persistence);
    }
  } catch (err) {
    await storage.close().catch(() => undefined);
    throw err;
  }
  root = new Emulator(world, persistence, kept !== undefined, registry);
  registry.attachDefault(root, root.scenario.name, root.seed);
  return root;
}
