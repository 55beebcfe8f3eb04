// The contract matrix: every door (MSW in-process, HTTP server) over every storage driver.
// A suite written once runs against each combination, as a user would call it.
import { setupServer } from 'msw/node';
import { afterAll, expect } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/index.js';
import { createHandlers } from '../../src/adapters/msw.js';
import { startServer, type RunningServer } from '../../src/adapters/node-server.js';
import type { StorageKind } from '../../src/storage/storage.js';
import { betterSqliteLoads } from '../../src/storage/sqlite-probe.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from './postgres.js';

export type DoorName = 'msw' | 'http';

/**
 * `EMULATOR_MATRIX=quick` (set by `npm run test:quick`) narrows every suite to one door and one
 * driver: MSW on SQLite, or on PGlite where better-sqlite3 is not installed. Unset: the full matrix.
 */
const QUICK = process.env.EMULATOR_MATRIX === 'quick';
/** better-sqlite3 built and loads here (an install with --omit=optional, or without a compiler, has none). */
export const SQLITE_LOADS = await betterSqliteLoads();
/** Added to the title of a test that needs better-sqlite3, so that its skip says why. */
export const NEEDS_SQLITE = SQLITE_LOADS ? '' : ' (skipped: better-sqlite3 is not installed here)';
/** The driver of suites that run on one: SQLite, or PGlite where better-sqlite3 is missing. */
export const ONE_DRIVER: StorageKind = SQLITE_LOADS ? 'sqlite' : 'pglite';
const QUICK_DRIVER: StorageKind = QUICK ? ONE_DRIVER : 'sqlite';

export const DRIVERS: StorageKind[] = QUICK ? [QUICK_DRIVER] : ['sqlite', 'pglite'];
export const DOORS: DoorName[] = QUICK ? ['msw'] : ['msw', 'http'];
export const MATRIX = DRIVERS.flatMap((driver) => DOORS.map((door) => ({ driver, door, label: `${door} door on ${driver}` })));

/**
 * Opt-in: both doors on a real PostgreSQL server (a throwaway cluster per test file, started on
 * first use: test/support/postgres.ts). A suite runs on it with `describe.each([...MATRIX, ...PG_MATRIX])`.
 * Empty in the quick loop, and where PostgreSQL cannot run (the reason is printed once per file).
 */
export const PG_MATRIX: { driver: StorageKind; door: DoorName; label: string }[] =
  QUICK || postgresUnavailable ? [] : DOORS.map((door) => ({ driver: 'postgres' as const, door, label: `${door} door on postgres` }));
let pgNoticed = false;
/**
 * PG_MATRIX, for a file's `describe.each`: called at the file's top level, it registers the file's
 * afterAll that closes the emulators on the file's cluster and stops it (workers share modules
 * across files: the next file starts a cluster of its own). Says once why it is empty, if it is.
 */
export function pgMatrix(): typeof PG_MATRIX {
  if (!QUICK && postgresUnavailable && !pgNoticed) {
    pgNoticed = true;
    console.warn(`postgres entries of the contract matrix skipped: ${postgresUnavailable}`);
  }
  if (PG_MATRIX.length > 0) afterAll(stopFileCluster, 60_000);
  return PG_MATRIX;
}

let cluster: Promise<PostgresCluster> | undefined;
/** The file's cluster, started on first use. */
function postgresCluster(): Promise<PostgresCluster> {
  cluster ??= startPostgres();
  return cluster;
}

async function stopFileCluster(): Promise<void> {
  const running = cluster;
  if (!running) return;
  cluster = undefined;
  for (const [key, made] of [...emulators]) {
    if (!key.startsWith('postgres:')) continue;
    emulators.delete(key);
    await (await made).close().catch(() => undefined);
  }
  await (await running).stop();
}

export const MSW_BASE = 'http://emulator.test';

/** What a test calls through: a door, less its closing (a suite's hooks close it; see use-door.ts). */
export interface DoorView {
  readonly name: DoorName;
  readonly emulator: Emulator;
  readonly baseUrl: string;
  /** fetch against the door with a path relative to the service's base address. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export interface Door extends DoorView {
  close(): Promise<void>;
}

let activeMsw: ReturnType<typeof setupServer> | null = null;

/** Adds handlers to the open MSW door's server (a site a crawl test serves, a webhook receiver); no-op without one. */
export function mswUse(...handlers: Parameters<ReturnType<typeof setupServer>['use']>): void {
  activeMsw?.use(...handlers);
}

export async function openDoor(door: DoorName, emulator: Emulator): Promise<Door> {
  if (door === 'msw') {
    if (activeMsw) throw new Error('one MSW door at a time per test file');
    const server = setupServer(...createHandlers(emulator, { baseUrl: MSW_BASE }));
    server.listen({ onUnhandledRequest: 'error' });
    activeMsw = server;
    return {
      name: door,
      emulator,
      baseUrl: MSW_BASE,
      fetch: (path, init) => fetch(`${MSW_BASE}${path}`, init),
      close: async () => {
        server.close();
        activeMsw = null;
      },
    };
  }
  const running: RunningServer = await startServer(emulator, { port: 0 });
  return {
    name: door,
    emulator,
    baseUrl: running.url,
    fetch: (path, init) => fetch(`${running.url}${path}`, init),
    close: () => running.close(),
  };
}

/** Emulators are shared per driver inside one test file (PGlite takes seconds to boot). */
const emulators = new Map<string, Promise<Emulator>>();

export function sharedEmulator(driver: StorageKind, options: EmulatorOptions = {}): Promise<Emulator> {
  const key = `${driver}:${JSON.stringify(options)}`;
  let made = emulators.get(key);
  if (!made) {
    made =
      driver === 'postgres'
        ? postgresCluster().then((pg) => createEmulator({ ...options, storage: driver, databaseUrl: pg.url, fresh: true, onInternalError: (err) => console.error(err) }))
        : createEmulator({ ...options, storage: driver, onInternalError: (err) => console.error(err) });
    emulators.set(key, made);
  }
  return made;
}

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Keys of the default scenario, by id. */
export function keyOf(emulator: Emulator, keyId: string): string {
  for (const ws of emulator.handles.workspaces) {
    const key = ws.apiKeys.find((k) => k.id === keyId);
    if (key?.secret) return key.secret;
  }
  throw new Error(`no key ${keyId} in the handles`);
}

/** The error envelope the routes answer with; `details` as each route fills it. */
export interface Envelope {
  error: { code: string; message: string; details?: { issues?: { path: string; message: string }[]; [field: string]: unknown } };
}

/** Checks an error answer (the status, a JSON envelope with `code` and a message) and answers the envelope. */
export async function expectError(res: Response, status: number, code: string): Promise<Envelope> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = (await res.json()) as Envelope;
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body;
}

/** The MSW door's server while one is open: a test adds handlers for the service's own outbound requests (connectors, tools, webhooks). */
export function activeMswServer(): ReturnType<typeof setupServer> | null {
  return activeMsw;
}
