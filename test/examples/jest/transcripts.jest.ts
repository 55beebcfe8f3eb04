// The README's Jest example, kept runnable (test/examples/runners.test.ts runs it): Jest 29 with
// ts-jest in ESM mode (node --experimental-vm-modules), createTestEmulator and Jest's hooks.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { createTestEmulator } from '../../../src/testing/harness.js';

const env = createTestEmulator({ scenario: 'default', baseUrl: 'https://api.example.test' });
beforeAll(() => env.start());
afterEach(() => env.reset());
afterAll(() => env.stop());

test('lists transcripts', async () => {
  const res = await fetch(env.url('/api/v1/transcripts?limit=2'), { headers: { 'x-api-key': env.key() } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { transcripts: { title: string }[] };
  expect(body.transcripts.map((t) => t.title)).toEqual(['Order status lookup', 'API returns 429 during nightly backup']);
});

test('deletes, and the next test sees the scenario again', async () => {
  const res = await fetch(env.url('/api/v1/transcripts/tr_refund'), { method: 'DELETE', headers: { 'x-api-key': env.key() } });
  expect(res.status).toBe(200);
});

test('the deleted transcript is back', async () => {
  const res = await fetch(env.url('/api/v1/transcripts/tr_refund'), { headers: { 'x-api-key': env.key() } });
  expect(res.status).toBe(200);
});
