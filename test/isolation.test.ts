// State belongs to the instance: two emulators in one process share nothing — data, clock, seed,
// fault rules or journal — which is what lets parallel test workers each own one.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/index.js';

const FULL = 'svc_demoFulll8tGWJeyhzppz1RmOtAcSEpYGcxhNnPGi4fAiwh4mTyACho598A26b3EMtIA5EJzVsL684Y6qyz9KGJ';
const get = (path: string) => new Request(`http://emulator.test${path}`, { headers: { 'x-api-key': FULL } });

describe('two emulators in one process', () => {
  it('are fully independent', async () => {
    const [a, b] = await Promise.all([createEmulator(), createEmulator()]);
    expect((await a.fetch(new Request('http://emulator.test/api/v1/transcripts/tr_refund', { method: 'DELETE', headers: { 'x-api-key': FULL } }))).status).toBe(200);
    await a.clock.advance(60_000);
    a.faults.add({ path: '/api/v1/service-agent/health', status: 500 });
    await b.reset({ seed: 99 });

    expect((await a.fetch(get('/api/v1/transcripts/tr_refund'))).status).toBe(404);
    expect((await b.fetch(get('/api/v1/transcripts/tr_refund'))).status).toBe(200);
    expect(a.clock.iso()).toBe('2026-01-01T09:01:00.000Z');
    expect(b.clock.iso()).toBe('2026-01-01T09:00:00.000Z');
    expect(a.seed).toBe(4010);
    expect(b.seed).toBe(99);
    expect((await a.fetch(new Request('http://emulator.test/api/v1/service-agent/health'))).status).toBe(500);
    expect((await b.fetch(new Request('http://emulator.test/api/v1/service-agent/health'))).status).toBe(200);
    expect(a.requests.list().map((e) => `${e.method} ${e.status}`)).toEqual(['DELETE 200', 'GET 404', 'GET 500']);
    expect(b.requests.list().map((e) => `${e.method} ${e.status}`)).toEqual(['GET 200', 'GET 200']);
    await Promise.all([a.close(), b.close()]);
  });
});
