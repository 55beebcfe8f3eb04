// `serve --storage postgres` refusals, as a user meets them: one line on stderr, no stack, no password.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../support/cli-command.js';

const ROOT = join(import.meta.dirname, '..', '..');

const serve = (env: Record<string, string | undefined>, ...args: string[]) =>
  spawnSync(process.execPath, [...CLI, 'serve', '--port', '0', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 90_000, env: { ...process.env, DATABASE_URL: undefined, ...env } });

function expectOneLine(result: ReturnType<typeof serve>, status: number, text: RegExp): void {
  expect(result.status).toBe(status);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^service-emulator: /);
  expect(lines[0]).toMatch(text);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('serve --storage postgres: refusals', () => {
  it('needs a URL: --database-url or DATABASE_URL', () => {
    expectOneLine(serve({}, '--storage', 'postgres'), 2, /needs --database-url/);
    expectOneLine(serve({}, '--storage', 'postgres', '--database-url', 'mysql://x'), 2, /postgres:\/\/ or postgresql:\/\//);
    expectOneLine(serve({}, '--database-url', 'postgres://x@127.0.0.1/db'), 2, /go with --storage postgres/);
    expectOneLine(serve({}, '--storage', 'postgres', '--database-url', 'postgres://x@127.0.0.1/db', '--data', '/tmp/x'), 2, /not --data/);
  });

  it('says in one line, without the password, that the server cannot be reached', () => {
    const unreachable = serve({ DATABASE_URL: 'postgres://emu:hunter2@127.0.0.1:1/emulator' }, '--storage', 'postgres');
    expectOneLine(unreachable, 1, /cannot use PostgreSQL at postgres:\/\/emu:\*\*\*@127\.0\.0\.1:1\/emulator: /);
    expect(unreachable.stderr).not.toContain('hunter2');
  }, 120_000);
});
