// The test harness answering from a created world of its emulator (`world: true`): requests through
// its MSW handlers, its control calls and its resets reach that world, never the default one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestEmulator } from '../../src/testing/harness.js';
import { ONE_DRIVER } from '../support/doors.js';

const env = createTestEmulator({ storage: ONE_DRIVER, world: true, baseUrl: 'https://worlds.example.test', onUnhandledRequest: 'error' });
beforeAll(() => env.start());
afterAll(() => env.stop());

it('answers from its own world: writes, control calls and resets stay there', async () => {
  expect(env.world).toMatch(/^w_/);
  const headers = { 'x-api-key': env.key('key_full'), 'content-type': 'application/json' };
  const res = await fetch(env.url('/api/v1/transcripts'), { method: 'POST', headers, body: JSON.stringify({ title: 'in a world', messages: [] }) });
  expect(res.status).toBe(201);
  expect(env.emulator.requests.count()).toBe(1);
  const health = (await (await env.control('/__emulator/health')).json()) as { seed: number };
  expect(health.seed).toBe(env.emulator.seed);
  const root = await env.emulator.world('default');
  expect(root.requests.count()).toBe(0);
  await env.reset();
  expect(env.emulator.requests.count()).toBe(0);
  const list = await fetch(env.url('/api/v1/transcripts?limit=1'), { headers });
  expect(((await list.json()) as { pagination: { total: number } }).pagination.total).toBe(5);
});
