// The request journal (contract sections 4 and 7) through every door on every driver: what each
// entry holds, filters, clearing, and the JS helpers for assertions.
import { beforeEach, describe, expect, it } from 'vitest';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

interface Entry {
  method: string;
  path: string;
  status: number;
  keyId: string | null;
  at: string;
  durationMs: number;
  faultId?: string;
}
interface EntryList {
  data: Entry[];
  hasMore: boolean;
  total: number;
}

const strip = (entries: Entry[]) => entries.map(({ durationMs: _d, ...rest }) => rest);

describe.each(MATRIX)('request journal: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let full: string;
  let read: string;

  const get = (path: string, key?: string) => door.fetch(path, key ? { headers: { 'x-api-key': key } } : {});
  const journal = async (query = '') => {
    const res = await door.fetch(`/__emulator/requests${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as EntryList;
  };

  beforeEach(() => {
    full = door.key('key_full');
    read = door.key('key_read');
  });

  /** Five requests: two keys, a bad key, no key, a write; plus control calls that must not show. */
  async function traffic(): Promise<void> {
    expect((await get('/api/v1/transcripts?limit=2', full)).status).toBe(200);
    await door.emulator.clock.advance(1500);
    expect((await get('/api/v1/transcripts/tr_sso', read)).status).toBe(200);
    expect((await get('/api/v1/transcripts', `svc_${'x'.repeat(87)}`)).status).toBe(401);
    await door.fetch('/__emulator/health');
    await door.fetch('/__emulator/clock', json({ advanceMs: 500 }));
    expect((await get('/api/v1/transcripts')).status).toBe(401);
    expect((await door.fetch('/api/v1/transcripts/tr_sso/messages', json({ role: 'user', content: 'more' }, { 'x-api-key': full }))).status).toBe(200);
  }

  const EXPECTED: Omit<Entry, 'durationMs'>[] = [
    { method: 'GET', path: '/api/v1/transcripts', status: 200, keyId: 'key_full', at: '2026-01-01T09:00:00.000Z' },
    { method: 'GET', path: '/api/v1/transcripts/tr_sso', status: 200, keyId: 'key_read', at: '2026-01-01T09:00:01.500Z' },
    { method: 'GET', path: '/api/v1/transcripts', status: 401, keyId: null, at: '2026-01-01T09:00:01.500Z' },
    { method: 'GET', path: '/api/v1/transcripts', status: 401, keyId: null, at: '2026-01-01T09:00:02.000Z' },
    { method: 'POST', path: '/api/v1/transcripts/tr_sso/messages', status: 200, keyId: 'key_full', at: '2026-01-01T09:00:02.000Z' },
  ];

  it('records every request outside /__emulator: method, path, status, key id, emulator time, duration', async () => {
    await traffic();
    const body = await journal();
    expect(strip(body.data)).toEqual(EXPECTED);
    expect(body.total).toBe(5);
    expect(body.hasMore).toBe(false);
    for (const entry of body.data) {
      expect(typeof entry.durationMs).toBe('number');
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
      expect(entry.durationMs).toBeLessThan(10_000);
    }
    const text = JSON.stringify(body);
    expect(text).not.toContain(full);
    expect(text).not.toContain(read);
    expect(strip(door.emulator.requests.list() as Entry[])).toEqual(EXPECTED);
  });

  it('a revoked key is not a valid key: keyId null', async () => {
    expect((await get('/api/v1/transcripts', door.key('key_revoked'))).status).toBe(401);
    expect(door.emulator.requests.last()).toMatchObject({ status: 401, keyId: null });
  });

  it('filters by method, path glob, status, status class, key id and limit', async () => {
    await traffic();
    expect(strip((await journal('?method=post')).data)).toEqual([EXPECTED[4]]);
    expect(strip((await journal('?path=/api/v1/transcripts/*')).data)).toEqual([EXPECTED[1]]);
    expect(strip((await journal('?path=/api/v1/transcripts/**')).data)).toEqual([EXPECTED[1], EXPECTED[4]]);
    expect(strip((await journal('?path=/api/**')).data)).toEqual(EXPECTED);
    expect(strip((await journal('?status=401')).data)).toEqual([EXPECTED[2], EXPECTED[3]]);
    expect(strip((await journal('?status=2xx')).data)).toEqual([EXPECTED[0], EXPECTED[1], EXPECTED[4]]);
    expect(strip((await journal('?keyId=key_read')).data)).toEqual([EXPECTED[1]]);
    const limited = await journal('?limit=2');
    expect(strip(limited.data)).toEqual([EXPECTED[3], EXPECTED[4]]);
    expect(limited.total).toBe(5);
    expect(limited.hasMore).toBe(true);
    expect(strip((await journal('?method=GET&status=4xx&limit=1')).data)).toEqual([EXPECTED[3]]);
  });

  it('refuses bad filters with 400 VALIDATION_ERROR', async () => {
    for (const query of ['?limit=0', '?status=abc', '?path=nope', '?color=red']) {
      const res = await door.fetch(`/__emulator/requests${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('DELETE clears it', async () => {
    await traffic();
    const res = await door.fetch('/__emulator/requests', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ cleared: 5 });
    expect(await journal()).toEqual({ data: [], hasMore: false, total: 0 });
    await get('/api/v1/transcripts', full);
    expect((await journal()).total).toBe(1);
  });

  it('JS helpers: list(filter), last(filter), count(filter), clear()', async () => {
    await traffic();
    const { requests } = door.emulator;
    expect(requests.count()).toBe(5);
    expect(requests.count({ status: 401 })).toBe(2);
    expect(requests.count({ keyId: null })).toBe(2);
    expect(requests.count({ keyId: 'key_full', method: 'POST' })).toBe(1);
    expect(requests.last({ method: 'GET' })).toMatchObject(EXPECTED[3]!);
    expect(requests.last({ path: '/nothing' })).toBeUndefined();
    expect(strip(requests.list({ status: '2xx', limit: 1 }) as Entry[])).toEqual([EXPECTED[4]]);
    expect(requests.clear()).toBe(5);
    expect(requests.list()).toEqual([]);
  });
});
