// Fault injection (contract sections 4 and 7) through every door on every driver: error answers,
// real latency, dropped connections, countdowns, seeded probability, validation, and the rule that
// faults never touch /__emulator/*.
import { beforeEach, describe, expect, it } from 'vitest';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

interface Envelope {
  error: { code: string; message: string; details?: { issues?: { path: string; message: string }[]; injected?: boolean; faultId?: string } };
}
interface FaultList {
  data: Record<string, unknown>[];
  hasMore: boolean;
  total: number;
}

/** The seeded outcome of a probability-0.5 rule over 24 requests, as the first door saw it. */
let firstProbabilitySequence: number[] | undefined;

describe.each(MATRIX)('faults: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let full: string;

  const get = (path: string, key = full) => door.fetch(path, { headers: { 'x-api-key': key } });
  const addFault = (rule: unknown) => door.fetch('/__emulator/faults', json(rule));
  const listFaults = async () => (await (await door.fetch('/__emulator/faults')).json()) as FaultList;

  beforeEach(() => {
    full = door.key('key_full');
  });

  it('adds a rule (201), lists it, and clears every rule', async () => {
    const res = await addFault({ method: 'get', path: '/api/v1/transcripts', status: 503, times: 2 });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 'fault_1', method: 'GET', path: '/api/v1/transcripts', status: 503, times: 2, hits: 0 });
    await addFault({ path: '/api/v1/transcripts/*', delayMs: 10 });
    expect(await listFaults()).toEqual({
      data: [
        { id: 'fault_1', method: 'GET', path: '/api/v1/transcripts', status: 503, times: 2, hits: 0 },
        { id: 'fault_2', path: '/api/v1/transcripts/*', delayMs: 10, hits: 0 },
      ],
      hasMore: false,
      total: 2,
    });
    expect(door.emulator.faults.list().map((f) => f.id)).toEqual(['fault_1', 'fault_2']);
    const cleared = await door.fetch('/__emulator/faults', { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ cleared: 2 });
    expect(await listFaults()).toEqual({ data: [], hasMore: false, total: 0 });
    expect((await get('/api/v1/transcripts')).status).toBe(200);
  });

  it('answers the error envelope with the rule’s status and code', async () => {
    await addFault({ path: '/api/v1/transcripts', status: 502, code: 'SERVICE_UNAVAILABLE', message: 'Upstream down' });
    const res = await get('/api/v1/transcripts');
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Upstream down', details: { injected: true, faultId: 'fault_1' }, requestId: expect.any(String) },
    });
  });

  it('takes the status of a known code, and the code of a known status', async () => {
    door.emulator.faults.add({ path: '/api/v1/transcripts', code: 'RATE_LIMITED', times: 1 });
    door.emulator.faults.add({ path: '/api/v1/transcripts', status: 404, times: 1 });
    door.emulator.faults.add({ path: '/api/v1/transcripts', status: 418, times: 1 });
    const first = await get('/api/v1/transcripts');
    expect(first.status).toBe(429);
    // A rate-limit refusal looks like a real one (contract section 6): the RateLimit-* headers,
    // Retry-After, and details {limit, remaining, resetAt, retryAfter} beside the injection marker.
    expect(((await first.json()) as Envelope).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Injected fault (fault_1)',
      details: { limit: 60, remaining: 0, resetAt: expect.any(Number), retryAfter: 1, injected: true, faultId: 'fault_1' },
      requestId: expect.any(String),
    });
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.headers.get('ratelimit-remaining')).toBe('0');
    const second = await get('/api/v1/transcripts');
    expect(second.status).toBe(404);
    expect(((await second.json()) as Envelope).error.code).toBe('NOT_FOUND');
    const third = await get('/api/v1/transcripts');
    expect(third.status).toBe(418);
    expect(((await third.json()) as Envelope).error.code).toBe('INJECTED_FAULT');
    expect((await get('/api/v1/transcripts')).status).toBe(200);
  });

  it('gives a 429 or 503 fault a Retry-After (the rule’s retryAfterSec, else 1 s), and RATE_LIMITED the RateLimit-* headers', async () => {
    await addFault({ path: '/api/v1/transcripts', status: 503, retryAfterSec: 7, times: 1 });
    await addFault({ path: '/api/v1/transcripts', code: 'RATE_LIMITED', retryAfterSec: 2, limit: 10, times: 1 });
    await addFault({ path: '/api/v1/transcripts', status: 500, times: 1 });
    const unavailable = await get('/api/v1/transcripts');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('7');
    expect(unavailable.headers.get('ratelimit-limit')).toBeNull();
    const limited = await get('/api/v1/transcripts');
    expect(limited.status).toBe(429);
    expect(Object.fromEntries(['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((h) => [h, limited.headers.get(h)]))).toEqual({
      'retry-after': '2',
      'ratelimit-limit': '10',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '2',
    });
    const body = ((await limited.json()) as { error: { details: { resetAt: number; retryAfter: number; limit: number } } }).error.details;
    expect(body).toMatchObject({ limit: 10, remaining: 0, retryAfter: 2 });
    expect(body.resetAt).toBe(Math.ceil(door.emulator.clock.now() / 1000) + 2);
    const failed = await get('/api/v1/transcripts');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('retry-after')).toBeNull();
  });

  it('counts `times` down and drops the rule at 0', async () => {
    await addFault({ path: '/api/v1/transcripts', status: 500, times: 2 });
    expect((await get('/api/v1/transcripts')).status).toBe(500);
    expect((await listFaults()).data).toEqual([{ id: 'fault_1', path: '/api/v1/transcripts', status: 500, times: 1, hits: 1 }]);
    expect((await get('/api/v1/transcripts')).status).toBe(500);
    expect(await listFaults()).toEqual({ data: [], hasMore: false, total: 0 });
    expect((await get('/api/v1/transcripts')).status).toBe(200);
  });

  it('matches the method and the path glob (`*` one segment, `**` any depth; the query is ignored)', async () => {
    door.emulator.faults.add({ method: 'DELETE', path: '/api/v1/transcripts/*', status: 503 });
    door.emulator.faults.add({ path: '/api/v1/service-agent/**', status: 500 });
    expect((await get('/api/v1/transcripts/tr_refund')).status).toBe(200);
    expect((await get('/api/v1/transcripts?limit=1')).status).toBe(200);
    expect((await door.fetch('/api/v1/transcripts/tr_refund', { method: 'DELETE', headers: { 'x-api-key': full } })).status).toBe(503);
    expect((await get('/api/v1/transcripts/tr_refund')).status).toBe(200);
    expect((await door.fetch('/api/v1/service-agent/health?x=1')).status).toBe(500);
    expect((await get('/api/v1/service-agent/transcript/tr_refund/messages')).status).toBe(500);
  });

  it('delays the real answer by real wall-clock time, leaving emulator time alone', async () => {
    const plain = await (await get('/api/v1/transcripts/tr_sso')).text();
    await addFault({ path: '/api/v1/transcripts/tr_sso', delayMs: 60 });
    const started = performance.now();
    const res = await get('/api/v1/transcripts/tr_sso');
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(plain);
    expect(elapsed).toBeGreaterThanOrEqual(55);
    expect(door.emulator.clock.iso()).toBe('2026-01-01T09:00:00.000Z');
    const entry = door.emulator.requests.last();
    expect(entry).toMatchObject({ method: 'GET', path: '/api/v1/transcripts/tr_sso', status: 200, keyId: 'key_full', faultId: 'fault_1' });
    expect(entry!.durationMs).toBeGreaterThanOrEqual(55);
  });

  it('composes a delay with an error answer', async () => {
    await addFault({ path: '/api/v1/transcripts', delayMs: 40, status: 503 });
    const started = performance.now();
    const res = await get('/api/v1/transcripts');
    expect(res.status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('closes the connection without an answer on networkError (fetch rejects), then recovers', async () => {
    await addFault({ path: '/api/v1/transcripts', networkError: true, times: 1 });
    await expect(get('/api/v1/transcripts')).rejects.toThrow(TypeError);
    expect(door.emulator.requests.last()).toMatchObject({ path: '/api/v1/transcripts', status: 0, keyId: 'key_full', faultId: 'fault_1' });
    expect((await get('/api/v1/transcripts')).status).toBe(200);
  });

  it('never applies to /__emulator/*', async () => {
    await addFault({ path: '/**', status: 500 });
    expect((await door.fetch('/__emulator/health')).status).toBe(200);
    expect((await door.fetch('/__emulator/faults')).status).toBe(200);
    expect((await door.fetch('/__emulator/clock')).status).toBe(200);
    expect((await get('/api/v1/transcripts')).status).toBe(500);
    expect((await door.fetch('/openapi.json')).status).toBe(500);
    expect((await door.fetch('/__emulator/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await get('/api/v1/transcripts')).status).toBe(200);
  });

  it('draws `probability` from the seed: the same sequence on every door and driver, and after a reset', async () => {
    const run = async () => {
      await addFault({ path: '/api/v1/service-agent/health', status: 503, probability: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) statuses.push((await door.fetch('/api/v1/service-agent/health')).status);
      return statuses;
    };
    const first = await run();
    expect(first.filter((s) => s === 503).length).toBeGreaterThan(3);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(3);
    await door.emulator.reset();
    expect(await run()).toEqual(first);
    firstProbabilitySequence ??= first;
    expect(first).toEqual(firstProbabilitySequence);
  });

  it('refuses an invalid rule with 400 VALIDATION_ERROR listing every issue, and adds nothing', async () => {
    const res = await addFault({ path: 'api/no-slash', status: 200, probability: 2, times: 0, networkError: 'yes', extra: 1 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details?.issues?.map((i) => i.path).sort()).toEqual(
      ['body.extra', 'body.networkError', 'body.path', 'body.probability', 'body.status', 'body.times'].sort(),
    );
    const noEffect = (await (await addFault({ path: '/api/v1/transcripts' })).json()) as Envelope;
    expect(noEffect.error.details?.issues).toEqual([{ path: 'body', message: 'A rule needs an effect: status, code, delayMs or networkError' }]);
    const both = (await (await addFault({ path: '/x', networkError: true, status: 500 })).json()) as Envelope;
    expect(both.error.details?.issues).toEqual([{ path: 'body.networkError', message: 'A network error sends no answer: drop status and code' }]);
    expect(await listFaults()).toEqual({ data: [], hasMore: false, total: 0 });
    expect(() => door.emulator.faults.add({ path: '' })).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(door.emulator.faults.list()).toEqual([]);
  });

  it('removes one rule by id; an unknown id is 404', async () => {
    await addFault({ path: '/a', status: 500 });
    await addFault({ path: '/b', status: 500 });
    const res = await door.fetch('/__emulator/faults/fault_1', { method: 'DELETE' });
    expect(await res.json()).toEqual({ removed: 'fault_1' });
    expect((await listFaults()).data.map((f) => f.id)).toEqual(['fault_2']);
    expect((await door.fetch('/__emulator/faults/fault_9', { method: 'DELETE' })).status).toBe(404);
  });

  it('is cleared, with the journal, by a reset and by loading a scenario', async () => {
    await addFault({ path: '/api/v1/transcripts', status: 500 });
    await get('/api/v1/transcripts');
    expect(door.emulator.requests.count()).toBe(1);
    expect((await door.fetch('/__emulator/reset', { method: 'POST' })).status).toBe(200);
    expect(door.emulator.faults.list()).toEqual([]);
    expect(door.emulator.requests.count()).toBe(0);
    await addFault({ path: '/api/v1/transcripts', status: 500 });
    await get('/api/v1/transcripts');
    expect((await door.fetch('/__emulator/scenario', json({ name: 'empty' }))).status).toBe(200);
    expect(await listFaults()).toEqual({ data: [], hasMore: false, total: 0 });
    expect(door.emulator.requests.count()).toBe(0);
    // Rule ids start again too.
    expect(((await (await addFault({ path: '/x', status: 500 })).json()) as { id: string }).id).toBe('fault_1');
  });
});
