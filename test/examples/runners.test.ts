// The Node test runner and Jest examples, run as their users run them; each must pass all of its
// tests (and a broken assertion in them would fail here).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

describe('test-runner examples', () => {
  it('node --test runs the node:test example: 3 passed, 0 failed', { timeout: 180_000 }, () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', 'test/examples/node-test-runner.example.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect(run.stdout).toMatch(/^# pass 3$/m);
    expect(run.stdout).toMatch(/^# fail 0$/m);
    expect(run.status).toBe(0);
  });

  it('Jest (ts-jest, ESM) runs the Jest example: 3 passed', { timeout: 240_000 }, () => {
    const run = spawnSync(
      process.execPath,
      ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--config', 'test/examples/jest/jest.config.mjs', '--ci'],
      { cwd: ROOT, encoding: 'utf8', timeout: 230_000 },
    );
    expect(run.stderr).toMatch(/^Tests:\s+3 passed, 3 total$/m);
    expect(run.status).toBe(0);
  });
});
