// `service-emulator conform`, run as a user runs it, against a second emulator served on 127.0.0.1
// behind a small proxy that alters some answers on purpose: the check finds exactly those.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { startServer, type RunningServer } from '../src/adapters/node-server.js';
import { CLI } from './support/cli-command.js';

const ROOT = join(import.meta.dirname, '..');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** How long one command may take before it is killed: a hang fails with what it printed, not a bare test timeout. */
const RUN_DEADLINE_MS = 150_000;

/**
 * Runs the command without blocking this process (the proxy answers from it). Settles on the
 * child's exit (then waits briefly for its pipes to drain), so a grandchild holding a pipe open
 * cannot hold the test; a command still running at the deadline is killed and reported.
 */
function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...process.env, SERVICE_API_KEY: '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return new Promise((resolve) => {
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      stderr += `\n[test] killed after ${RUN_DEADLINE_MS} ms: service-emulator ${args.join(' ')}`;
    }, RUN_DEADLINE_MS);
    child.once('exit', (status) => {
      clearTimeout(deadline);
      const drained = new Promise((r) => setTimeout(r, 2_000).unref());
      void Promise.race([closed, drained]).then(() => resolve({ status, stdout, stderr }));
    });
  });
}

/** Closes a server without waiting on any connection: every socket it accepted is destroyed. */
function shut(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  server.closeAllConnections();
  return new Promise((resolve) => {
    server.close(() => resolve());
    setTimeout(resolve, 2_000).unref();
  });
}

type Alter = (body: Record<string, unknown>) => Record<string, unknown>;

/** The deliberate drift, by request path: each entry changes one thing. */
const ALTERATIONS: Record<string, { status?: number; alter?: Alter }> = {
  // drops a field
  '/api/v1/releases/rel_help': { alter: ({ title: _dropped, ...rest }) => rest },
  // changes a type
  '/api/v1/transcripts': { alter: (b) => ({ ...b, pagination: { ...(b.pagination as object), total: '5' } }) },
  // an unknown enum value (the list is a bare array)
  '/api/v1/rag/files': { alter: (b) => (b as unknown as Record<string, unknown>[]).map((f, i) => (i === 0 ? { ...f, status: 'exploded' } : f)) as unknown as Record<string, unknown> },
  // a different status
  '/.well-known/agent-card.json': { status: 404 },
  // an extra field
  '/.well-known/openid-configuration': { alter: (b) => ({ ...b, x_drift: true }) },
};

const EXPECTED = [
  { step: 'transcripts.list', method: 'GET', route: '/api/v1/transcripts', kind: 'type', field: 'pagination.total', emulator: 'number', target: 'string' },
  { step: 'releases.get', method: 'GET', route: '/api/v1/releases/{releaseId}', kind: 'missing', field: 'title', emulator: 'string' },
  { step: 'rag-files.list', method: 'GET', route: '/api/v1/rag/files', kind: 'enum', field: '[].status', emulator: expect.stringMatching(/^one of .*"completed"/), target: '"exploded"' },
  { step: 'a2a.agent-card', method: 'GET', route: '/.well-known/agent-card.json', kind: 'status', emulator: '200', target: '404' },
  { step: 'oidc.discovery', method: 'GET', route: '/.well-known/openid-configuration', kind: 'extra', field: 'x_drift', target: 'boolean' },
];

/** A node:http proxy to `upstream`; altering when `altered()` says so; it notes every method and path. */
function proxy(upstream: string, altered: () => boolean, seen: string[], carriers: string[]): Promise<{ url: string; server: Server }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      seen.push(`${req.method} ${req.url}`);
      carriers.push(req.headers['x-api-key'] ? 'x-api-key' : /^Bearer /.test(req.headers.authorization ?? '') ? 'bearer' : 'none');
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${upstream}${req.url}`, { method: req.method!, headers, ...(body && { body }) });
      let text = await answer.text();
      let status = answer.status;
      const rule = altered() ? ALTERATIONS[req.url!.split('?')[0]!] : undefined;
      if (rule?.status) {
        status = rule.status;
        text = JSON.stringify({ error: { code: 'NOT_FOUND', message: 'moved', requestId: 'req_proxy' } });
      } else if (rule?.alter) {
        text = JSON.stringify(rule.alter(JSON.parse(text) as Record<string, unknown>));
      }
      res.writeHead(status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })));
}

describe('service-emulator conform', () => {
  let emulator: Emulator;
  let served: RunningServer;
  let front: { url: string; server: Server };
  let key: string;
  let alter = false;
  const seen: string[] = [];
  const carriers: string[] = [];

  beforeAll(async () => {
    emulator = await createEmulator({ scenario: 'default', vectorSearch: 'exact' });
    served = await startServer(emulator, { port: 0, host: '127.0.0.1' });
    key = emulator.handles.workspaces[0]!.apiKeys[0]!.secret!;
    front = await proxy(served.url, () => alter, seen, carriers);
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => front?.server.close(resolve));
    await served?.close();
    await emulator?.close();
  });

  const keyless = (r: Run) => {
    expect(r.stdout).not.toContain(key);
    expect(r.stderr).not.toContain(key);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/svc_demoFull[A-Za-z0-9]/);
  };

  it('finds no difference against an unaltered emulator (exit 0)', { timeout: 180_000 }, async () => {
    alter = false;
    carriers.length = 0;
    // --bearer: the key as fulcrum sends it; --skip: a step and the two that need its answer are not sent.
    const r = await run(['conform', '--target', `${front.url}/`, '--api-key', key, '--bearer', '--skip', 'releases.list']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/21 requests, 18 sent, 3 skipped: no differences of shape/);
    expect(r.stdout).toContain('skipped       needs releases.list, which was skipped');
    expect(r.status).toBe(0);
    keyless(r);
    expect(new Set(carriers)).toEqual(new Set(['bearer', 'none']));
  });

  it('finds exactly the altered answers, never writes, never prints the key (exit 1)', { timeout: 180_000 }, async () => {
    alter = true;
    seen.length = 0;
    carriers.length = 0;
    const r = await run(['conform', '--target', front.url, '--json', '--verbose'], { SERVICE_API_KEY: key });
    expect(r.status).toBe(1);
    keyless(r);
    expect(new Set(carriers)).toEqual(new Set(['x-api-key', 'none']));
    const report = JSON.parse(r.stdout) as { summary: Record<string, number>; differences: Record<string, string>[] };
    expect(report.differences).toEqual(EXPECTED);
    expect(report.summary).toEqual({ requests: 21, sent: 21, skipped: 0, differences: 5 });
    // --verbose: one line per request on stderr
    expect(r.stderr.trim().split('\n')).toHaveLength(21);
    // Only GETs and the two read-only POSTs reached the target.
    const methods = new Set(seen.map((s) => s.split(' ')[0]));
    expect([...methods].sort()).toEqual(['GET', 'POST']);
    expect(seen.filter((s) => s.startsWith('POST ')).sort()).toEqual(['POST /api/v1/auth/validate-key', 'POST /api/v1/rag/context']);
  });

  it('reports a target that does not answer in time as a difference (exit 1)', { timeout: 180_000 }, async () => {
    const silent = createServer(() => undefined);
    const sockets = new Set<Socket>();
    silent.on('connection', (socket: Socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const r = await run(['conform', '--target', `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, '--api-key', key, '--timeout', '300', '--verbose']);
      expect(r.status, r.stderr).toBe(1);
      keyless(r);
      expect(r.stdout).toContain('error         emulator 200, target no answer (timed out after 300 ms)');
      // Gets that need an id from an unanswered list are skipped, not failed.
      expect(r.stdout).toMatch(/skipped       the target gave no workspaceId \(auth.validate-key answered none\)/);
    } finally {
      await shut(silent, sockets);
    }
  });

  it('refuses bad usage with exit 2 without echoing the key', { timeout: 90_000 }, async () => {
    const missingKey = await run(['conform', '--target', front.url]);
    expect(missingKey.status).toBe(2);
    expect(missingKey.stderr).toMatch(/--api-key KEY is required/);
    const stray = await run(['conform', '--target', front.url, key]);
    expect(stray.status).toBe(2);
    expect(stray.stderr).toMatch(/unexpected argument/);
    keyless(stray);
    const badUrl = await run(['conform', '--target', 'ftp://example.test', '--api-key', key]);
    expect(badUrl.status).toBe(2);
    expect(badUrl.stderr).toBe('service-emulator: --target must be an http(s) URL; see service-emulator conform --help\n');
    keyless(badUrl);
    const withPassword = await run(['conform', '--target', 'https://me:hunter2@example.test', '--api-key', key]);
    expect(withPassword.status).toBe(2);
    expect(withPassword.stderr).not.toContain('hunter2');
    const unknownStep = await run(['conform', '--target', front.url, '--api-key', key, '--skip', 'nope']);
    expect(unknownStep.status).toBe(2);
    expect(unknownStep.stderr).toMatch(/--skip takes a step of the suite \(auth.validate-key, .*\), not "nope"/);
  });

  it('prints its help (conform --help, help conform) and is listed in the usage', { timeout: 60_000 }, async () => {
    for (const args of [['conform', '--help'], ['help', 'conform']]) {
      const r = await run(args);
      expect(r.status).toBe(0);
      for (const word of ['Usage: service-emulator conform --target URL --api-key KEY', '--json', '--verbose', '--timeout', '--scenario']) expect(r.stdout).toContain(word);
    }
    expect((await run(['--help'])).stdout).toContain('service-emulator conform --target URL --api-key KEY');
  });
});
