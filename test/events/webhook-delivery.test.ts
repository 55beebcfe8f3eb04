// Issue #15's Done-means test: every event kind reaches a real receiver as a signed webhook (a
// node:http server on 127.0.0.1 through the HTTP door; an MSW-intercepted https URL through the MSW
// door), the receiver fails the first two attempts of each delivery, the retries arrive only when
// the emulator clock is advanced, and the delivery log shows all three attempts. The flagged
// message comes from a real flagger tripped by a chat message.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { startServer, type RunningServer } from '../../src/adapters/node-server.js';
import { createEmulator, type Emulator } from '../../src/index.js';
import { MATRIX, MSW_BASE } from '../support/doors.js';
import { HOOK_SECRET, KINDS, NOTIFY_KEY, NOTIFY_NOW, notifyScenario } from './notify-scenario.js';

interface Arrival {
  key: string;
  eventId: string;
  timestamp: string;
  signature: string;
  contentType: string;
  body: string;
}

/** The receiver's rule: 500 to the first two attempts of each delivery (by idempotency key), 200 after. */
function receive(arrivals: Arrival[], headers: Headers, body: string): number {
  const key = headers.get('idempotency-key') ?? '';
  arrivals.push({
    key,
    eventId: headers.get('x-emulator-event-id') ?? '',
    timestamp: headers.get('x-emulator-timestamp') ?? '',
    signature: headers.get('x-emulator-signature') ?? '',
    contentType: headers.get('content-type') ?? '',
    body,
  });
  return arrivals.filter((a) => a.key === key).length <= 2 ? 500 : 200;
}

/** The receiver's own check (node:crypto, not the emulator's code): HMAC-SHA256 of `<ts>.<raw body>`. */
const validSignature = (a: Arrival) => a.signature === `sha256=${createHmac('sha256', HOOK_SECRET).update(`${a.timestamp}.${a.body}`).digest('hex')}`;

describe.each(MATRIX)('webhook deliveries: $label', ({ driver, door }) => {
  const arrivals: Arrival[] = [];
  let emulator: Emulator;
  let base = '';
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    emulator = await createEmulator({ storage: driver, onInternalError: (err) => console.error(err) });
    let hookUrl: string;
    if (door === 'msw') {
      hookUrl = 'https://hooks.example.test/emulator-events';
      const server = setupServer(
        ...createHandlers(emulator, { baseUrl: MSW_BASE }),
        http.post(hookUrl, async ({ request }) => new HttpResponse(null, { status: receive(arrivals, request.headers, await request.text()) })),
      );
      server.listen({ onUnhandledRequest: 'error' });
      base = MSW_BASE;
      close = async () => server.close();
    } else {
      const receiver: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
          res.statusCode = receive(arrivals, headers, Buffer.concat(chunks).toString('utf8'));
          res.end();
        });
      });
      await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
      hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const running: RunningServer = await startServer(emulator, { port: 0 });
      base = running.url;
      close = async () => {
        await running.close();
        await new Promise<void>((ok) => receiver.close(() => ok()));
      };
    }
    await emulator.loadScenario(notifyScenario(hookUrl) as Parameters<Emulator['loadScenario']>[0]);
  }, 60_000);
  afterAll(async () => {
    await close();
    await emulator?.close();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-api-key': NOTIFY_KEY, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const deliveries = async () => (await call('GET', '/api/v1/notifications/channels/ch_hook/deliveries?limit=100')).body.data as any[];

  it('delivers every event kind, signed, after two failed attempts each; the log shows all three', async () => {
    const customer = { 'x-external-user-id': 'cust-1' };
    expect((await call('POST', '/api/v1/feedback', { releaseId: 'rel_help', messageRef: 'msg_1', sentiment: -1, feedback: 'Wrong' }, customer)).status).toBe(201);
    const thread = (await call('POST', '/api/v1/chat/threads', { releaseId: 'rel_help' }, customer)).body.id;
    // The last question trips the scenario's flagger (keyword "refund"), whose tag fires a trigger.
    for (let i = 0; i < 4; i++) {
      const content = i === 3 ? `Question ${i}: can I get a refund?` : `Question ${i}`;
      expect((await call('POST', `/api/v1/chat/threads/${thread}/messages`, { content }, customer)).status).toBe(200);
    }
    expect((await call('POST', '/__emulator/jobs/flush')).status).toBe(200);

    const log = await deliveries();
    const kinds = [...KINDS, 'message.flagged'];
    for (const kind of kinds) expect(log.map((d) => d.kind), kind).toContain(kind);
    for (const delivery of log) {
      expect(delivery.status).toBe('delivered');
      expect(delivery.attempts.map((a: any) => a.statusCode)).toEqual([500, 500, 200]);
      expect(delivery.attempts.map((a: any) => a.attempt)).toEqual([1, 2, 3]);
      const seen = arrivals.filter((a) => a.key === delivery.id);
      expect(seen).toHaveLength(3);
      for (const a of seen) {
        expect(validSignature(a)).toBe(true);
        expect(a.contentType).toBe('application/json');
        expect(a.eventId).toBe(delivery.eventId);
        expect(a.body).toBe(seen[0]!.body);
        const payload = JSON.parse(a.body);
        expect(payload).toMatchObject({ id: delivery.eventId, type: delivery.kind, workspaceId: 'ws_notify' });
      }
      // Each attempt is signed with its own time: the retries 30 s and 2 min later.
      const times = seen.map((a) => Number(a.timestamp));
      expect(times[1]! - times[0]!).toBe(30);
      expect(times[2]! - times[1]!).toBe(120);
    }
    const byKind = (kind: string) => JSON.parse(arrivals.find((a) => JSON.parse(a.body).type === kind)!.body).data;
    expect(byKind('rag.file.indexed')).toMatchObject({ fileId: 'file_new', title: 'New guide', vectorIds: ['vec_docs'] });
    expect(byKind('rag.file.failed')).toMatchObject({ fileId: 'file_blank' });
    expect(byKind('qa.run.finished')).toMatchObject({ runId: 'qr_1', status: 'completed' });
    expect(byKind('fine-tune.finished')).toMatchObject({ fineTuneId: 'ft_1', status: 'succeeded' });
    // The 4th message of 5 crosses 80% of the day's limit (and of the free tier's 5 an hour): one event per window.
    const quota = arrivals.map((a) => JSON.parse(a.body)).filter((p) => p.type === 'quota.nearly-exhausted').map((p) => p.data);
    expect(quota).toContainEqual(expect.objectContaining({ window: 'day', limit: 5, used: 4, subject: expect.any(String) }));
    expect(byKind('message.flagged')).toMatchObject({ flaggerId: 'flg_refund', threadId: thread, tags: ['refund-risk'] });
    // Every event is also a notification.
    const list = (await call('GET', '/api/v1/notifications?limit=100')).body;
    expect(list.docs.map((n: any) => n.kind)).toEqual(expect.arrayContaining(kinds));
  }, 60_000);

  it('sends retries only when the clock is advanced (30 s, then 2 min)', async () => {
    const before = arrivals.length;
    expect((await call('POST', '/api/v1/feedback', { releaseId: 'rel_help', messageRef: 'msg_2', sentiment: 1 }, { 'x-external-user-id': 'cust-2' })).status).toBe(201);
    // The first attempt is a clock job due at once: the next clock move (here by 0 ms) runs it.
    await call('POST', '/__emulator/clock', { advanceMs: 0 });
    expect(arrivals.length).toBe(before + 1);
    const key = arrivals.at(-1)!.key;
    let one = (await call('GET', `/api/v1/notifications/channels/ch_hook/deliveries/${key}`)).body;
    expect(one).toMatchObject({ status: 'retrying', attempts: [{ attempt: 1, statusCode: 500, latencyMs: 0 }] });
    const at = Date.parse(one.attempts[0].at);
    expect(one.nextRetryAt).toBe(new Date(at + 30_000).toISOString());
    // Wall time passes, requests come and go: nothing arrives until the clock moves.
    await new Promise((ok) => setTimeout(ok, 300));
    await deliveries();
    await call('POST', '/__emulator/clock', { advanceMs: 29_999 });
    expect(arrivals.length).toBe(before + 1);
    await call('POST', '/__emulator/clock', { advanceMs: 1 });
    expect(arrivals.length).toBe(before + 2);
    await call('POST', '/__emulator/clock', { advanceMs: 119_000 });
    expect(arrivals.length).toBe(before + 2);
    await call('POST', '/__emulator/clock', { advanceMs: 1_000 });
    expect(arrivals.length).toBe(before + 3);
    one = (await call('GET', `/api/v1/notifications/channels/ch_hook/deliveries/${key}`)).body;
    expect(one.status).toBe('delivered');
    expect(one.nextRetryAt).toBeNull();
    expect(one.attempts.map((a: any) => [a.attempt, a.statusCode, Date.parse(a.at) - at])).toEqual([
      [1, 500, 0],
      [2, 500, 30_000],
      [3, 200, 150_000],
    ]);
    expect(arrivals.slice(before).every((a) => a.key === key && validSignature(a))).toBe(true);
    expect(Date.parse(NOTIFY_NOW)).toBeLessThanOrEqual(at);
  }, 60_000);
});
