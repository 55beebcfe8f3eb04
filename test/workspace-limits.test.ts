// Workspace limits on RAG (collections and stored bytes, refused with 409 naming the limit) and
// the monthly API call allowance (429 until the next calendar month).
import { describe, expect, it } from 'vitest';
import { createEmulator, defineScenario } from '../src/index.js';
import { json } from './support/doors.js';

const KEY = `svc_${'L'.repeat(87)}`;

describe('workspace limits', () => {
  it('refuses a RAG collection or upload past maxRagCollections or maxRagStorageBytes, and writes nothing', async () => {
    const emulator = await createEmulator({
      scenario: defineScenario({
        name: 'limits',
        users: [{ id: 'u' }],
        workspaces: [{ id: 'w', name: 'W', ownerId: 'u', limits: { maxRagCollections: 1, maxRagStorageBytes: 100 }, apiKeys: [{ id: 'k', name: 'k', secret: KEY }] }],
      }),
    });
    const call = (path: string, init: RequestInit = {}) => emulator.fetch(new Request(`http://x${path}`, init));
    const created = await call('/api/v1/rag/targets', json({ title: 'Docs', vectorIndexTool: 'default' }, { 'x-api-key': KEY }));
    expect(created.status).toBe(200);
    const second = await call('/api/v1/rag/targets', json({ title: 'More', vectorIndexTool: 'default' }, { 'x-api-key': KEY }));
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: { code: 'CONFLICT', message: 'Workspace limit reached: maxRagCollections', details: { limit: 'maxRagCollections', max: 1, current: 1, requested: 1 }, requestId: expect.any(String) },
    });
    const upload = (text: string) => {
      const form = new FormData();
      form.set('title', 'Note');
      form.set('description', 'A note');
      form.set('chunkingTool', 'default');
      form.set('file', new Blob([text], { type: 'text/plain' }), 'note.txt');
      return call('/api/v1/rag/files', { method: 'POST', headers: { 'x-api-key': KEY }, body: form });
    };
    expect((await upload('x'.repeat(80))).status).toBe(202);
    const over = await upload('y'.repeat(30));
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { details: unknown } }).error.details).toEqual({ limit: 'maxRagStorageBytes', max: 100, current: 80, requested: 30 });
    const list = (await (await call('/api/v1/rag/files', { headers: { 'x-api-key': KEY } })).json()) as unknown[];
    expect(list).toHaveLength(1);
    await emulator.close();
  });

  it('answers 429 past maxMonthlyApiCalls until the next calendar month, counting only calls the key let through', async () => {
    const emulator = await createEmulator({
      now: '2026-03-31T23:58:00.000Z',
      scenario: defineScenario({
        name: 'monthly',
        users: [{ id: 'u' }],
        workspaces: [
          { id: 'w', name: 'W', ownerId: 'u', limits: { maxMonthlyApiCalls: 3 }, apiKeys: [{ id: 'k', name: 'k', secret: KEY, rateLimit: 2 }] },
          { id: 'other', name: 'Other', ownerId: 'u', apiKeys: [{ id: 'k2', name: 'k2', secret: `svc_${'M'.repeat(87)}` }] },
        ],
      }),
    });
    const list = (key = KEY) => emulator.fetch(new Request('http://x/api/v1/transcripts', { headers: { 'x-api-key': key } }));
    const snap = await emulator.snapshot();
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    // The key's own per-minute limit refuses the third: that call does not use the allowance.
    const perKey = await list();
    expect(perKey.status).toBe(429);
    expect(((await perKey.json()) as { error: { message: string } }).error.message).toBe('Rate limit exceeded');

    await emulator.clock.advance(60_000); // 23:59, a new minute, still March
    expect((await list()).status).toBe(200);
    const over = await list();
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    // A quota, not a rate window: the SDK's QuotaExceededError reads code QUOTA_EXCEEDED (REAL-WIRE section 9).
    expect(await over.json()).toEqual({
      error: {
        code: 'QUOTA_EXCEEDED',
        message: 'Monthly API call limit reached for this workspace (maxMonthlyApiCalls)',
        details: { limit: 3, remaining: 0, resetAt: Date.parse('2026-04-01T00:00:00.000Z') / 1000, retryAfter: 60, type: 'monthly_quota_exceeded' },
        requestId: over.headers.get('x-request-id'),
      },
    });
    // Another workspace has its own allowance (the default).
    expect((await list(`svc_${'M'.repeat(87)}`)).status).toBe(200);
    await emulator.clock.advance(60_000); // April
    expect((await list()).status).toBe(200);

    // The counter travels with snapshots: back in March, three calls again.
    await emulator.restore(snap);
    for (let i = 0; i < 2; i++) expect((await list()).status).toBe(200);
    await emulator.clock.advance(60_000);
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(429);
    await emulator.close();
  });
});
