// The README's Node built-in test runner example, kept runnable (test/examples/runners.test.ts runs
// it as `node --import tsx --test`): createTestEmulator from service-emulator/testing, with the
// runner's own hooks.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { createTestEmulator } from '../../src/testing/harness.js';

const env = createTestEmulator({ scenario: 'default', baseUrl: 'https://api.example.test' });
before(() => env.start());
afterEach(() => env.reset());
after(() => env.stop());

test('lists transcripts', async () => {
  const res = await fetch(env.url('/api/v1/transcripts?limit=2'), { headers: { 'x-api-key': env.key() } });
  assert.equal(res.status, 200);
  const body = (await res.json()) as { transcripts: { title: string }[] };
  assert.deepEqual(body.transcripts.map((t) => t.title), ['Order status lookup', 'API returns 429 during nightly backup']);
});

test('a fault for one test', async () => {
  env.emulator.faults.add({ path: '/api/v1/transcripts', status: 503, times: 1 });
  assert.equal((await fetch(env.url('/api/v1/transcripts'), { headers: { 'x-api-key': env.key() } })).status, 503);
  assert.equal(env.emulator.requests.last()?.status, 503);
});

test('is gone in the next', async () => {
  assert.deepEqual(env.emulator.faults.list(), []);
  assert.equal((await fetch(env.url('/api/v1/transcripts'), { headers: { 'x-api-key': env.key() } })).status, 200);
});
