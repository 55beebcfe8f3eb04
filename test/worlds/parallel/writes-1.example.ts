// A file of the parallel run (test/worlds/parallel.test.ts): it writes, moves the clock and adds a
// fault in its world; with shared state the counts below would flake as other files write at once.
import { expect, it } from 'vitest';
import { useEmulator } from '../../../src/testing/vitest.js';

const env = useEmulator({ baseUrl: 'https://api.example.test' });
const FILE = 'file-1';
const headers = () => ({ 'x-api-key': env.key('key_full'), 'content-type': 'application/json' });
const total = async () =>
  ((await (await fetch(env.url('/api/v1/transcripts?limit=1'), { headers: headers() })).json()) as { pagination: { total: number } }).pagination.total;

for (let round = 0; round < 4; round++) {
  it(`${FILE}: round ${round} writes 1 transcripts and sees only its own`, async () => {
    expect(await total()).toBe(5);
    for (let i = 0; i < 1; i++) {
      const res = await fetch(env.url('/api/v1/transcripts'), { method: 'POST', headers: headers(), body: JSON.stringify({ title: `${FILE} ${i}`, messages: [] }) });
      expect(res.status).toBe(201);
    }
    expect(await total()).toBe(5 + 1);
  });

  it(`${FILE}: round ${round} moves its clock and faults its own requests only`, async () => {
    const clock = (await (await env.control('/__emulator/clock')).json()) as { iso: string };
    expect(clock.iso).toBe('2026-01-01T09:00:00.000Z');
    await env.control('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 1 * 1000 }) });
    await env.control('/__emulator/faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/api/v1/service-agent/health', status: 503 }) });
    expect((await fetch(env.url('/api/v1/service-agent/health'))).status).toBe(503);
    const moved = (await (await env.control('/__emulator/clock')).json()) as { now: number };
    expect(moved.now).toBe(Date.parse('2026-01-01T09:00:00.000Z') + 1 * 1000);
  });
}
