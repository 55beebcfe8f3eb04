// The service-emulator command, run as a user runs it: serve, scenarios, openapi, check.
import { spawn, spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from './support/cli-command.js';

const ROOT = join(import.meta.dirname, '..');
/** The quick loop skips the PGlite servers (seconds each); test/native-fallback.test.ts keeps the fallback in it. */
const QUICK = process.env.EMULATOR_MATRIX === 'quick';
const tmp = mkdtempSync(join(tmpdir(), 'emu-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = (...args: string[]) => spawnSync(process.execPath, [...CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
const runWith = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [...CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } });

/** A refusal: the exit code, and exactly one line on stderr with no stack trace. */
function expectOneLine(result: ReturnType<typeof run>, status: number, text: string | RegExp): void {
  expect(result.status).toBe(status);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^service-emulator: /);
  if (typeof text === 'string') expect(lines[0]).toContain(text);
  else expect(lines[0]).toMatch(text);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** Starts `serve`, waits for its one line, and hands back the address and the process. */
function serve(...args: string[]): Promise<{ url: string; line: string; stop(): Promise<number | null> }> {
  const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', ...args], { cwd: ROOT });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 110_000);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /^service-emulator listening on (http:\/\/\S+)$/m.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        line: out.trim(),
        stop: () =>
          new Promise((done) => {
            child.once('exit', (code) => done(code));
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

describe('service-emulator serve', () => {
  it('prints one listening line, answers, and stops cleanly on SIGTERM', async () => {
    const server = await serve('--scenario', 'empty', '--clock', 'manual', '--now', '2026-05-01T00:00:00.000Z', '--seed', '77');
    expect(server.line).toMatch(/^service-emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    const health = (await (await fetch(`${server.url}/__emulator/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', storage: 'sqlite', seed: 77, clock: { mode: 'manual', now: Date.parse('2026-05-01T00:00:00.000Z') } });
    expect(await server.stop()).toBe(0);
  });

  it.skipIf(QUICK)('serves on PGlite with a real clock when asked', { timeout: 120_000 }, async () => {
    const server = await serve('--storage', 'pglite');
    const health = (await (await fetch(`${server.url}/__emulator/health`)).json()) as { storage: string; clock: { mode: string } };
    expect(health.storage).toBe('pglite');
    expect(health.clock.mode).toBe('real');
    expect(await server.stop()).toBe(0);
  });

  it('loads a scenario file and refuses bad options', async () => {
    const file = join(tmp, 'mine.json');
    writeFileSync(file, JSON.stringify({ name: 'mine', users: [{ id: 'u' }], workspaces: [{ id: 'w', name: 'Mine', ownerId: 'u' }] }));
    const server = await serve('--scenario', file);
    const health = (await (await fetch(`${server.url}/__emulator/health`)).json()) as { scenario: string };
    expect(health.scenario).toBe('mine');
    await server.stop();
    expectOneLine(run('serve', '--storage', 'oracle'), 2, '--storage must be one of sqlite, pglite');
  });

  // docs/security.md: the named origin may call the control API, the named Host is answered.
  it('--allow-origin and --allow-host (repeatable) widen the control API and the Host check', async () => {
    const server = await serve('--scenario', 'empty', '--allow-origin', 'https://one.example', '--allow-origin', 'https://two.example:8443', '--allow-host', 'emu.internal');
    for (const origin of ['https://one.example', 'https://two.example:8443']) {
      const res = await fetch(`${server.url}/__emulator/health`, { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    }
    expect((await fetch(`${server.url}/__emulator/health`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const status = (host: string) =>
      new Promise<number | undefined>((resolve, reject) =>
        httpGet({ host: '127.0.0.1', port: new URL(server.url).port, path: '/__emulator/health', headers: { host }, setHost: false }, (res) => {
          res.resume();
          resolve(res.statusCode);
        }).on('error', reject),
      );
    expect(await status('emu.internal:4010')).toBe(200);
    expect(await status('evil.example')).toBe(403);
    expect(await server.stop()).toBe(0);
  });
});

describe('service-emulator scenarios, openapi, check', () => {
  it('lists the built-in scenarios with descriptions', () => {
    const result = run('scenarios');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^default\s+One workspace/m);
    expect(result.stdout).toMatch(/^empty\s+/m);
  });

  it('prints the OpenAPI document with the served routes', () => {
    const result = run('openapi');
    expect(result.status).toBe(0);
    const doc = JSON.parse(result.stdout) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths['/api/v1/transcripts']!)).toEqual(['get', 'post']);
    expect(doc.paths['/api/v1/transcripts/{transcriptId}/messages']).toHaveProperty('post');
  });

  it('checks a scenario file: ok, or each error with its path', () => {
    const good = join(tmp, 'good.json');
    writeFileSync(good, JSON.stringify({ name: 'good', users: [{ id: 'u1' }] }));
    const ok = run('check', good);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('ok (scenario "good")');

    const bad = join(tmp, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        name: 'bad',
        users: [{ id: 'u1' }],
        workspaces: [{ name: 'W', ownerId: 'ghost', apiKeys: [{ name: 'a' }, { name: 'b', secret: 'svc_short' }] }],
      }),
    );
    const failed = run('check', bad);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('workspaces[0].apiKeys[1].secret: A key secret has 91 characters');
    expect(failed.stderr).toContain('workspaces[0].ownerId: Unknown user "ghost"');
    expect(failed.stderr).toMatch(/\d+ errors/);

    const broken = join(tmp, 'broken.json');
    writeFileSync(broken, '{ not json');
    expect(run('check', broken).status).toBe(1);
  });
});

describe('help for every command', () => {
  it.each([
    [['--help'], ['serve', 'scenarios', 'openapi', 'check FILE', '--version']],
    [['help'], ['serve', 'scenarios', 'openapi', 'check FILE']],
    [['serve', '--help'], ['--port', '--host', '--scenario', '--seed', '--storage', '--data', '--fresh', '--clock', '--now', '--allow-origin', '--allow-host', '0 picks a free one', '--help']],
    [['help', 'serve'], ['--port', '--fresh']],
    [['check', '--help'], ['Usage: service-emulator check FILE', '--help']],
    [['openapi', '--help'], ['Usage: service-emulator openapi', '--help']],
    [['scenarios', '-h'], ['Usage: service-emulator scenarios', '--help']],
  ])('%j prints its help and exits 0', (args, words) => {
    const result = run(...args);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    for (const word of words) expect(result.stdout).toContain(word);
    // openapi --help is help, not the document.
    expect(result.stdout).not.toContain('"openapi"');
  });
});

describe('one-line refusals, before the emulator loads', () => {
  it.each([
    [['serve', '--bogus'], "unknown option '--bogus'; see service-emulator serve --help"],
    [['serve', '--port', 'abc'], '--port must be a whole number from 0 to 65535, not "abc"'],
    [['serve', '--port', '70000'], '--port must be a whole number from 0 to 65535'],
    [['serve', '--seed=-1'], '--seed must be a whole number'],
    [['serve', '--clock', 'fast'], '--clock must be one of real, manual'],
    [['serve', '--now', 'yesterday'], '--now must be an ISO 8601 time'],
    [['serve', '--fresh'], '--fresh needs --data DIR'],
    [['serve', '--allow-origin', 'evil.example'], '--allow-origin must be an origin such as http://app.test:3000 (scheme, host, optional port), not "evil.example"'],
    [['serve', '--allow-origin', 'https://a.example/app'], '--allow-origin must be an origin'],
    [['serve', '--allow-host', 'https://a.example'], '--allow-host must be a host name without scheme or port (any port is allowed), not "https://a.example"'],
    [['serve', '--allow-host', 'a.example:8080'], '--allow-host must be a host name without scheme or port'],
    [['serve', '--port'], /--port.*argument missing; see service-emulator serve --help/],
    [['serve', 'extra'], /unexpected argument 'extra'/],
    [['check'], 'check needs a FILE; see service-emulator check --help'],
    [['openapi', '--pretty'], "unknown option '--pretty'; see service-emulator openapi --help"],
    [['frob'], 'unknown command "frob"; see service-emulator --help'],
    [['help', 'frob'], 'no command "frob"'],
  ])('%j exits 2 with one line', (args, text) => {
    expectOneLine(run(...args), 2, text);
  });

  it('a taken port says so and suggests --port 0', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      expectOneLine(run('serve', '--scenario', 'empty', '--port', String(port)), 1, `port ${port} on 127.0.0.1 is taken; pass --port 0`);
    } finally {
      blocker.close();
    }
  });

  it('an unknown scenario or a missing file is one line, exit 1', () => {
    expectOneLine(run('serve', '--port', '0', '--scenario', 'no-such-scenario'), 1, 'Scenario "no-such-scenario" not found');
    expectOneLine(run('serve', '--port', '0', '--scenario', join(tmp, 'missing.json')), 1, 'missing.json');
  });
});

describe('without the native modules (SERVICE_EMULATOR_DISABLE_NATIVE)', () => {
  const NONE = { SERVICE_EMULATOR_DISABLE_NATIVE: 'better-sqlite3,hnswlib-node' };

  // PGlite boots in seconds, more on a loaded machine.
  it.skipIf(QUICK)('serve falls back to PGlite, says so once, and answers', { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', '--scenario', 'empty'], { cwd: ROOT, env: { ...process.env, ...NONE } });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${out} ${err}`)), 110_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    const health = (await (await fetch(`${url}/__emulator/health`)).json()) as { storage: string };
    expect(health.storage).toBe('pglite');
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGTERM');
    });
    expect(err.match(/better-sqlite3 is not installed/g)).toHaveLength(1);
    expect(err.match(/vector search is exact/g)).toHaveLength(1);
  });

  it('an explicit --storage sqlite is one clear line, exit 1', () => {
    expectOneLine(runWith(NONE, 'serve', '--port', '0', '--storage', 'sqlite'), 1, 'storage "sqlite" needs better-sqlite3');
  });
});

describe('the light flag module', () => {
  it('keeps the server defaults equal to the node adapter it must not import', async () => {
    const args = await import('../src/cli/args.js');
    const server = await import('../src/adapters/node-server.js');
    expect([args.DEFAULT_PORT, args.DEFAULT_HOST]).toEqual([server.DEFAULT_PORT, server.DEFAULT_HOST]);
  });
});
