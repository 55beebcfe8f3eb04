// The service-emulator command, run as a user runs it: serve, scenarios, openapi, check.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const CLI = ['--import', 'tsx', join(ROOT, 'src/cli/main.ts')];
const tmp = mkdtempSync(join(tmpdir(), 'emu-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = (...args: string[]) => spawnSync(process.execPath, [...CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

/** Starts `serve`, waits for its one line, and hands back the address and the process. */
function serve(...args: string[]): Promise<{ url: string; line: string; stop(): Promise<number | null> }> {
  const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', ...args], { cwd: ROOT });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 45_000);
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

  it('serves on PGlite with a real clock when asked', async () => {
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
    const bad = run('serve', '--storage', 'oracle');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--storage must be one of sqlite, pglite');
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
