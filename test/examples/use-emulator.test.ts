// The README's `service-emulator/vitest` example, kept runnable: useEmulator starts an emulator
// behind MSW before all tests, puts it back to its scenario after each, and closes it after all.
import { expect, it } from 'vitest';
import { useEmulator } from '../../src/testing/vitest.js';

const env = useEmulator({ scenario: 'default', baseUrl: 'https://api.example.test' });

it('serves the scenario through MSW', async () => {
  const res = await fetch(env.url('/api/v1/transcripts?limit=1'), { headers: { 'x-api-key': env.key('key_full') } });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { pagination: { total: number } }).pagination.total).toBe(5);
  expect(env.handles.scenario).toBe('default');
});

it('changes state, time, faults, the clock mode and even the scenario…', async () => {
  const del = await fetch(env.url('/api/v1/transcripts/tr_refund'), { method: 'DELETE', headers: { 'x-api-key': env.key() } });
  expect(del.status).toBe(200);
  await env.emulator.clock.advance(3_600_000);
  env.emulator.faults.add({ path: '/api/v1/service-agent/health', status: 503 });
  expect((await fetch(env.url('/api/v1/service-agent/health'))).status).toBe(503);
  expect(env.emulator.requests.count()).toBe(2);
  await env.emulator.loadScenario('empty');
  expect(env.handles.scenario).toBe('empty');
});

it('…and the next test starts from the scenario again', async () => {
  expect(env.handles.scenario).toBe('default');
  expect(env.emulator.clock.iso()).toBe('2026-01-01T09:00:00.000Z');
  expect(env.emulator.faults.list()).toEqual([]);
  expect(env.emulator.requests.count()).toBe(0);
  const res = await fetch(env.url('/api/v1/transcripts/tr_refund'), { headers: { 'x-api-key': env.key() } });
  expect(res.status).toBe(200);
  expect((await fetch(env.url('/api/v1/service-agent/health'))).status).toBe(200);
});

it('a test’s own MSW override lasts for that test only', async () => {
  const { http, HttpResponse } = await import('msw');
  env.server.use(http.get(env.url('/api/v1/service-agent/health'), () => HttpResponse.json({ status: 'overridden' })));
  expect(await (await fetch(env.url('/api/v1/service-agent/health'))).json()).toEqual({ status: 'overridden' });
});

it('the override is gone in the next test', async () => {
  const body = (await (await fetch(env.url('/api/v1/service-agent/health'))).json()) as { status: string };
  expect(body.status).toBe('ok');
});
