// A throwaway PostgreSQL cluster for one test file: initdb in a temp folder, a free loopback port,
// fsync off. As root (PostgreSQL refuses root) it runs as the `postgres` user through runuser.
// When PostgreSQL cannot run here, `postgresUnavailable` says why and the suites skip with it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** A database of its own: `postgres://postgres@127.0.0.1:PORT/NAME`. */
  url: string;
  /** Another database on the same server (one per suite). */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The folder holding initdb, pg_ctl and postgres: on PATH, else Debian's /usr/lib/postgresql/<v>/bin. */
function binDir(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'))) return dir;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return undefined;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The uid and gid of the `postgres` user, when root has to run the cluster as it. */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** Why PostgreSQL cannot run here, or undefined when it can (checked once, cheaply). */
export const postgresUnavailable: string | undefined = (() => {
  if (process.env.EMULATOR_SKIP_POSTGRES) return 'EMULATOR_SKIP_POSTGRES is set';
  if (!binDir()) return 'PostgreSQL is not installed (no initdb on PATH or under /usr/lib/postgresql/*/bin)';
  if (isRoot && !postgresUser()) return 'running as root and there is no postgres user to run the server as';
  return undefined;
})();

/** A command as the cluster's owner: `runuser -u postgres --` under root, directly otherwise. */
function asOwner(command: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(command: string, args: string[]): void {
  const [cmd, argv] = asOwner(command, args);
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the server takes connections (pg_isready is not always installed: try a client). */
async function ready(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const { default: pg } = await import('pg');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited (${server.exitCode}): ${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`postgres did not start: ${(err as Error).message}: ${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Starts a cluster (about 1-2 s); call `stop()` in afterAll. */
export async function startPostgres(): Promise<PostgresCluster> {
  if (postgresUnavailable) throw new Error(postgresUnavailable);
  const bin = binDir() as string;
  const dir = mkdtempSync(join(tmpdir(), 'emulator-pg-'));
  const data = join(dir, 'data');
  const owner = isRoot ? postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const [cmd, argv] = asOwner(join(bin, 'postgres'), [
    '-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`,
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=100',
  ]);
  const server = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr?.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-4000);
  });
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      // pg_ctl signals the server itself (runuser does not pass a signal on): a fast shutdown.
      try {
        run(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '20']);
      } catch {
        // Already stopping, or gone: the exit below tells.
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ready(`${base}/postgres`, server, () => stderr);
  } catch (err) {
    await stop();
    throw err;
  }
  let made = 0;
  const createDatabase = async (name: string) => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return `${base}/${name}`;
  };
  const url = await createDatabase(`emulator_${made++}`);
  return { url, createDatabase, stop };
}
