// The README's MSW example, kept runnable: an emulator behind setupServer in a vitest suite,
// reset between tests, with a user override winning over the emulator.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { createHandlers } from '../../src/adapters/msw.js';

const BASE = 'https://api.example.test';
const emulator = await createEmulator({ scenario: 'default' });
const server = setupServer(...createHandlers(emulator, { baseUrl: BASE }));
const key = emulator.handles.workspaces[0]!.apiKeys[0]!.secret!;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await emulator.reset();
});
afterAll(() => server.close());

it('lists transcripts through MSW', async () => {
  const res = await fetch(`${BASE}/api/v1/transcripts?limit=2`, { headers: { 'x-api-key': key } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { transcripts: { title: string }[]; pagination: { total: number } };
  expect(body.transcripts.map((t) => t.title)).toEqual(['Order status lookup', 'API returns 429 during nightly backup']);
  expect(body.pagination.total).toBe(5);
});

it('lets a test override one route with server.use', async () => {
  server.use(http.get(`${BASE}/api/v1/transcripts`, () => HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'down' } }, { status: 500 })));
  const res = await fetch(`${BASE}/api/v1/transcripts`, { headers: { 'x-api-key': key } });
  expect(res.status).toBe(500);
  const other = await fetch(`${BASE}/api/v1/transcripts/tr_refund`, { headers: { 'x-api-key': key } });
  expect(other.status).toBe(200);
});

it('starts each test from the scenario again', async () => {
  const res = await fetch(`${BASE}/api/v1/transcripts/tr_refund`, { method: 'DELETE', headers: { 'x-api-key': key } });
  expect(res.status).toBe(200);
  await emulator.clock.advance(60_000);
  expect(emulator.clock.iso()).toBe('2026-01-01T09:01:00.000Z');
});

it('sees the transcript the previous test deleted, at the scenario time', async () => {
  const res = await fetch(`${BASE}/api/v1/transcripts/tr_refund`, { headers: { 'x-api-key': key } });
  expect(res.status).toBe(200);
  expect(emulator.clock.iso()).toBe('2026-01-01T09:00:00.000Z');
});
