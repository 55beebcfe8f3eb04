// Analytics and metrics through every door on every driver: numbers checked against exactly what the
// test created (chat sends, feedback votes, flags, uploads), date ranges by advancing the clock,
// release filters and opt-outs, scopes and roles, isolation, bad input.
import { describe, expect, it } from 'vitest';
import {
  AnalyticsSummarySchema,
  ChatMetricsSchema,
  FeedbackRatioSchema,
  FlagCountsSchema,
  MessagesPerDaySchema,
  RagMetricsSchema,
  TokenUsageSchema,
  TopQuestionsSchema,
} from '../../src/types/flaggers-analytics.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { FKEYS, FNOW, flaggersScenario } from '../support/flaggers-scenario.js';
import { uploadForm } from '../support/rag.js';

type Json = Record<string, any>;
const T0 = Date.parse(FNOW);
const DAY = 86_400_000;
const key = { 'x-api-key': FKEYS.full };
const customer = (id: string) => ({ 'x-api-key': FKEYS.full, 'x-external-user-id': id });

describe.each(MATRIX)('analytics: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: flaggersScenario });
  const req = async (method: string, path: string, headers: Record<string, string> = key, body?: unknown) => {
    const res = await door.fetch(path, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const get = async (path: string, headers: Record<string, string> = key) => {
    const res = await req('GET', path, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** A new thread on `releaseId` with one send; answers the send's answer. */
  const chat = async (releaseId: string, content: string, who: string) => {
    const thread = await req('POST', '/api/v1/chat/threads', customer(who), { releaseId });
    const sent = await req('POST', `/api/v1/chat/threads/${thread.body.id}/messages`, customer(who), { content });
    expect(sent.status).toBe(200);
    return sent.body;
  };

  it('answers zeros for a workspace with no activity, over the last 30 days by default', async () => {
    const summary = AnalyticsSummarySchema.parse(await get('/api/v1/analytics/summary'));
    expect(summary).toEqual({
      range: { from: new Date(T0 - 30 * DAY).toISOString(), to: FNOW, interval: 'day' },
      messages: { messages: 0, userMessages: 0, assistantMessages: 0, threads: 0 },
      tokens: { replies: 0, promptTokens: 0, completionTokens: 0, totalTokens: 0, estimatedCostUsd: 0 },
      feedback: { positive: 0, negative: 0, neutral: 0, total: 0, ratio: null },
      flags: { total: 0 },
    });
  });

  it('counts messages per day per release, tokens and cost, top questions, feedback and flags exactly', async () => {
    const a1 = await chat('rel_a', 'How do I reset my password?', 'cust-1');
    const a2 = await chat('rel_a', '  how do I   reset my password ', 'cust-2');
    const b1 = await chat('rel_b', 'Refund please', 'cust-1');
    // rel_quiet turns config.metrics off: left out of every aggregate.
    await chat('rel_quiet', 'How do I reset my password?', 'cust-3');
    const vote = (releaseId: string, messageRef: string, sentiment: number | null, who: string) =>
      req('POST', '/api/v1/feedback', customer(who), { releaseId, messageRef, sentiment });
    expect((await vote('rel_a', a1.message.id, 1, 'cust-1')).status).toBe(201);
    expect((await vote('rel_b', b1.message.id, -1, 'cust-1')).status).toBe(201);
    expect((await vote('rel_a', a2.message.id, null, 'cust-2')).status).toBe(201);

    const messages = MessagesPerDaySchema.parse(await get('/api/v1/analytics/messages'));
    expect(messages.totals).toEqual({ messages: 6, userMessages: 3, assistantMessages: 3, threads: 3 });
    expect(messages.data).toEqual([
      { date: '2026-06-10', releaseId: 'rel_a', messages: 4, userMessages: 2, assistantMessages: 2, threads: 2 },
      { date: '2026-06-10', releaseId: 'rel_b', messages: 2, userMessages: 1, assistantMessages: 1, threads: 1 },
    ]);

    const tokens = TokenUsageSchema.parse(await get('/api/v1/analytics/tokens'));
    const sum = (k: string) => [a1, a2, b1].reduce((n, s) => n + s.usage[k], 0);
    expect(tokens.totals).toMatchObject({ replies: 3, promptTokens: sum('promptTokens'), completionTokens: sum('completionTokens'), totalTokens: sum('totalTokens') });
    expect(tokens.totals.estimatedCostUsd).toBeCloseTo(sum('estimatedCostUsd'), 9);
    expect(tokens.data.map((d) => [d.releaseId, d.replies, d.totalTokens])).toEqual([
      ['rel_a', 2, a1.usage.totalTokens + a2.usage.totalTokens],
      ['rel_b', 1, b1.usage.totalTokens],
    ]);
    expect(tokens.byModel.map((m) => [m.model, m.replies])).toEqual([
      ['gpt-4o', 1],
      ['gpt-4o-mini', 2],
    ]);

    const top = TopQuestionsSchema.parse(await get('/api/v1/analytics/top-questions'));
    expect(top).toMatchObject({ totalQuestions: 3, distinctQuestions: 2 });
    expect(top.data).toEqual([
      { question: 'how do i reset my password', count: 2, lastAskedAt: FNOW, releaseIds: ['rel_a'] },
      { question: 'refund please', count: 1, lastAskedAt: FNOW, releaseIds: ['rel_b'] },
    ]);
    expect((await get('/api/v1/analytics/top-questions?limit=1')).data).toHaveLength(1);

    const feedback = FeedbackRatioSchema.parse(await get('/api/v1/analytics/feedback'));
    expect(feedback.totals).toEqual({ positive: 1, negative: 1, neutral: 1, total: 3, ratio: 0.5 });
    expect(feedback.byRelease).toEqual([
      { releaseId: 'rel_a', positive: 1, negative: 0, neutral: 1, total: 2, ratio: 1 },
      { releaseId: 'rel_b', positive: 0, negative: 1, neutral: 0, total: 1, ratio: 0 },
    ]);

    // The seeded flagger judged "Refund please" (rel_b); rel_quiet's flag is left out.
    const flags = FlagCountsSchema.parse(await get('/api/v1/analytics/flags'));
    expect(flags).toMatchObject({ total: 1, byFlagger: [{ flaggerId: 'flg_seeded', title: 'Refund requests', count: 1 }], byTag: [{ tag: 'billing', count: 1 }] });

    const summary = await get('/api/v1/analytics/summary');
    expect(summary).toMatchObject({ messages: messages.totals, tokens: tokens.totals, feedback: feedback.totals, flags: { total: 1 } });
    // One release only.
    expect((await get('/api/v1/analytics/summary?releaseId=rel_b')).messages).toEqual({ messages: 2, userMessages: 1, assistantMessages: 1, threads: 1 });
    expect((await get('/api/v1/analytics/messages?releaseId=rel_quiet')).totals.messages).toBe(0);
    // Another workspace sees none of it.
    expect((await get('/api/v1/analytics/summary', { 'x-api-key': FKEYS.other })).messages.messages).toBe(0);
  });

  it('filters by date range on the emulator clock', async () => {
    await chat('rel_a', 'first day', 'cust-1');
    await door.emulator.clock.advance(2 * DAY);
    await chat('rel_a', 'third day', 'cust-1');
    await chat('rel_b', 'third day', 'cust-2');
    const all = await get('/api/v1/analytics/messages');
    expect(all.data.map((d: Json) => [d.date, d.releaseId, d.messages])).toEqual([
      ['2026-06-10', 'rel_a', 2],
      ['2026-06-12', 'rel_a', 2],
      ['2026-06-12', 'rel_b', 2],
    ]);
    expect(all.range).toEqual({ from: new Date(T0 + 2 * DAY - 30 * DAY).toISOString(), to: new Date(T0 + 2 * DAY).toISOString(), interval: 'day' });
    const later = await get(`/api/v1/analytics/messages?from=${T0 + DAY}`);
    expect(later.totals).toEqual({ messages: 4, userMessages: 2, assistantMessages: 2, threads: 2 });
    const first = await get(`/api/v1/analytics/messages?to=${encodeURIComponent(FNOW)}`);
    expect(first.totals.messages).toBe(2);
    expect((await get('/api/v1/analytics/top-questions?from=2026-06-11')).data).toEqual([{ question: 'third day', count: 2, lastAskedAt: new Date(T0 + 2 * DAY).toISOString(), releaseIds: ['rel_a', 'rel_b'] }]);
    // 31 days on, the default window no longer reaches the first day.
    await door.emulator.clock.advance(29 * DAY);
    expect((await get('/api/v1/analytics/summary')).messages.messages).toBe(4);
  });

  it('measures the RAG pipeline per vector index: outcomes, failure rate, stage durations', async () => {
    const upload = async (name: string, content: string) => {
      const form = uploadForm({ title: name, description: 'metrics', chunkingTool: 'default', ragVectorId: 'vec_fa' }, { name, content });
      const res = await door.fetch('/api/v1/rag/files', { method: 'POST', headers: key, body: form });
      expect(res.status).toBe(202);
    };
    await upload('ok.md', '# Guide\n\nThe office opens at nine.');
    await upload('blank.txt', '   \n  ');
    const before = RagMetricsSchema.parse(await get('/api/v1/metrics/rag'));
    expect(before.data.map((d) => [d.collectionId, d.files, d.inProgress])).toEqual([
      ['vec_fa', 2, 2],
      ['vec_idle', 0, 0],
    ]);
    await door.emulator.flushJobs();
    const metrics = RagMetricsSchema.parse(await get('/api/v1/metrics/rag?collectionId=vec_fa'));
    const one = (ms: number) => ({ count: 1, avgMs: ms, minMs: ms, p50Ms: ms, p95Ms: ms, maxMs: ms });
    expect(metrics.data).toEqual([
      {
        collectionId: 'vec_fa',
        title: 'FA docs',
        files: 2,
        completed: 1,
        failed: 1,
        inProgress: 0,
        failureRate: 0.5,
        uploadToCompleted: one(2000),
        uploadToSearchable: one(12_000),
        stages: { processing: one(500), chunking: one(500), embedding: one(500), completing: one(500), searchable: one(10_000) },
      },
    ]);
    expect((await req('GET', '/api/v1/metrics/rag?collectionId=vec_nope')).status).toBe(404);
    expect((await get(`/api/v1/metrics/rag?from=${T0 + 1}`)).data[0].files).toBe(0);
  });

  it('counts chat replies per release in the chat metrics', async () => {
    await chat('rel_a', 'hello', 'cust-1');
    await chat('rel_a', 'hello again', 'cust-1');
    const metrics = ChatMetricsSchema.parse(await get('/api/v1/metrics/chat'));
    expect(metrics.data).toEqual([{ releaseId: 'rel_a', replies: 2, fallbackReplies: 0, truncatedReplies: 0, latencyMs: null }]);
  });

  it('takes the analytics:read scope or a member token, and refuses what it must', async () => {
    expect((await req('GET', '/api/v1/analytics/summary', { 'x-api-key': FKEYS.analytics })).status).toBe(200);
    expect((await req('GET', '/api/v1/metrics/rag', { 'x-api-key': FKEYS.analytics })).status).toBe(200);
    expect((await req('GET', '/api/v1/analytics/summary', { 'x-api-key': FKEYS.transcripts })).status).toBe(403);
    expect((await req('GET', '/api/v1/analytics/summary', { authorization: `Bearer ${door.token('u_viewer')}` })).status).toBe(200);
    expect((await req('GET', '/api/v1/analytics/summary', {})).status).toBe(401);
    const bad = async (query: string, path: string) => {
      const res = await req('GET', `/api/v1/analytics/messages?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details.issues.map((i: Json) => i.path)).toContain(path);
    };
    await bad(`from=${T0}&to=${T0 - 1}`, 'query.from');
    await bad('interval=week', 'query.interval');
    await bad('from=last-tuesday', 'query.from');
    await bad('to=-5', 'query.to');
    expect((await req('GET', '/api/v1/analytics/messages?releaseId=rel_else')).status).toBe(404);
    expect((await req('GET', '/api/v1/analytics/top-questions?limit=0')).status).toBe(400);
    // A workspace that turns analytics off answers 403 on the analytics routes (metrics stay).
    const off = await req('PATCH', '/api/v1/workspaces/ws_flag', { authorization: `Bearer ${door.token('u_owner')}` }, { settings: { analyticsEnabled: false } });
    expect(off.status).toBe(200);
    const refused = await req('GET', '/api/v1/analytics/summary');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await req('GET', '/api/v1/metrics/chat')).status).toBe(200);
  });
});
