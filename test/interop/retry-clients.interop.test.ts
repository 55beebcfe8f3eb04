// Stock retrying HTTP clients, unchanged, against the emulator's refusals: axios with axios-retry
// (https://github.com/softonic/axios-retry) and ky 1.x (https://github.com/sindresorhus/ky) both
// wait for Retry-After and then succeed, on an injected fault (429 RATE_LIMITED, 503) and on a real
// per-key rate limit; through both doors (ky takes the door's fetch; MSW also intercepts axios).
import axios from 'axios';
import axiosRetry from 'axios-retry';
import ky, { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { DOORS, ONE_DRIVER } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const FULL_KEY = `svc_${'F'.repeat(87)}`;
const SLOW_KEY = `svc_${'S'.repeat(87)}`;

const scenario = {
  name: 'interop-retry',
  seed: 11,
  now: '2026-03-02T10:00:00.000Z',
  users: [{ id: 'u_owner', email: 'owner@retry.example', name: 'Owner' }],
  workspaces: [
    {
      id: 'ws_retry',
      name: 'Retry',
      ownerId: 'u_owner',
      apiKeys: [
        { id: 'k_full', name: 'full', secret: FULL_KEY },
        { id: 'k_slow', name: 'slow', secret: SLOW_KEY, rateLimit: 2 },
      ],
    },
  ],
};

const PATH = '/api/v1/transcripts';

describe.each(DOORS)('retrying clients through the %s door', (doorName) => {
  const door = useDoor(ONE_DRIVER, doorName, { scenario });
  const statuses = () => door.emulator.requests.list({ path: PATH }).map((e) => e.status);
  const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const started = performance.now();
    const value = await fn();
    return { value, ms: performance.now() - started };
  };

  /** Leaves one second of the key's one-minute window, spends its two calls, and lets time run. */
  async function exhaustSlowKey(): Promise<void> {
    const now = door.emulator.clock.now();
    await door.emulator.clock.set(now - (now % 60_000) + 59_000);
    for (let i = 0; i < 2; i++) expect((await door.fetch(PATH, { headers: { 'x-api-key': SLOW_KEY } })).status).toBe(200);
    await door.emulator.clock.setMode('real');
  }

  it('axios + axios-retry wait out an injected RATE_LIMITED (Retry-After 1 s, RateLimit-* headers) and succeed', async () => {
    door.emulator.faults.add({ path: PATH, code: 'RATE_LIMITED', times: 1 });
    const client = axios.create({ baseURL: door.baseUrl, headers: { 'x-api-key': FULL_KEY } });
    const seen: Record<string, unknown>[] = [];
    axiosRetry(client, { retries: 2, onRetry: (_n, err) => void seen.push({ ...err.response?.headers }) });
    const { value: res, ms } = await timed(() => client.get(PATH));
    expect(res.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(seen[0]).toMatchObject({ 'retry-after': '1', 'ratelimit-limit': '60', 'ratelimit-remaining': '0', 'ratelimit-reset': '1' });
    expect(statuses()).toEqual([429, 200]);
  });

  it('axios + axios-retry wait out an injected 503 with the rule’s Retry-After', async () => {
    door.emulator.faults.add({ path: PATH, status: 503, retryAfterSec: 1, times: 1 });
    const client = axios.create({ baseURL: door.baseUrl, headers: { 'x-api-key': FULL_KEY } });
    axiosRetry(client, { retries: 2 });
    const { value: res, ms } = await timed(() => client.get(PATH));
    expect(res.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(statuses()).toEqual([503, 200]);
  });

  it('axios + axios-retry wait out a real per-key rate limit until its window ends', async () => {
    await exhaustSlowKey();
    const client = axios.create({ baseURL: door.baseUrl, headers: { 'x-api-key': SLOW_KEY } });
    axiosRetry(client, { retries: 2 });
    const { value: res, ms } = await timed(() => client.get(PATH));
    expect(res.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(statuses()).toEqual([200, 200, 429, 200]);
  });

  it('ky waits out an injected RATE_LIMITED and a real per-key limit, with the door’s fetch', async () => {
    const api = ky.create({ prefixUrl: door.baseUrl, fetch: (input, init) => fetch(input, init), retry: { limit: 2 } });
    door.emulator.faults.add({ path: PATH, code: 'RATE_LIMITED', times: 1 });
    const faulted = await timed(() => api.get(PATH.slice(1), { headers: { 'x-api-key': FULL_KEY } }).json<{ transcripts: unknown[] }>());
    expect(faulted.value.transcripts).toEqual([]);
    expect(faulted.ms).toBeGreaterThanOrEqual(950);
    door.emulator.requests.clear();

    await exhaustSlowKey();
    const limited = await timed(() => api.get(PATH.slice(1), { headers: { 'x-api-key': SLOW_KEY } }));
    expect(limited.value.status).toBe(200);
    expect(limited.ms).toBeGreaterThanOrEqual(900);
    expect(statuses()).toEqual([200, 200, 429, 200]);
  });

  it('ky without retries surfaces the refusal with the real details', async () => {
    door.emulator.faults.add({ path: PATH, code: 'RATE_LIMITED', retryAfterSec: 3, times: 1 });
    const err = await ky.get(`${door.baseUrl}${PATH}`, { headers: { 'x-api-key': FULL_KEY }, retry: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HTTPError);
    const res = (err as HTTPError).response;
    expect(res.headers.get('retry-after')).toBe('3');
    expect(((await res.json()) as { error: { details: Record<string, unknown> } }).error.details).toMatchObject({ limit: 60, remaining: 0, retryAfter: 3 });
  });
});
