// A fine-tuned model used the way the deploy pipeline writes releases (REAL-WIRE section 2): the
// release.js body with `assistant {id, finetune: true}` naming a succeeded job's model, sent with the
// key as `Authorization: Bearer svc_…`, published, then an anonymous visitor chats with it and the
// reply records the fine-tuned model. Raw fetch through every door on every driver.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor, type ScenarioChoice } from '../support/use-door.js';

type Json = Record<string, any>;
const KEY = `svc_${'P'.repeat(87)}`;
const pairs = Array.from({ length: 12 }, (_, i) => ({ question: `Question ${i}?`, answer: `Answer ${i}.` }));
const scenario = {
  name: 'fine-tune-release-wire',
  seed: 314,
  now: '2026-09-01T10:00:00.000Z',
  users: [{ id: 'u_ops', email: 'ops@acme.example' }],
  workspaces: [
    {
      id: 'ws_ft',
      name: 'Tuned',
      ownerId: 'u_ops',
      apiKeys: [{ id: 'k_pipeline', name: 'pipeline', secret: KEY, permissions: [] }],
      rag: { targets: [{ id: 'vec_docs', title: 'Docs', files: [{ id: 'f_docs', title: 'Docs', content: 'Invitations expire after seven days. Owners can renew them.', state: 'searchable' }] }] },
      trainingData: [{ id: 'td_pairs', title: 'Pairs', pairs }],
      fineTunes: [
        { id: 'ft_done', baseModel: 'gpt-4o-mini', trainingData: 'td_pairs' },
        { id: 'ft_half', baseModel: 'gpt-4o-mini', trainingData: 'td_pairs', status: 'running', epochs: 3, epoch: 1 },
      ],
    },
  ],
};

/** demo-pipeline targets/cloudflare/src/release.js `buildReleaseBody`, with a fine-tuned assistant. */
const releaseBody = (assistantId: string): Json => ({
  slug: 'wwwrag-docs-example-org',
  title: 'docs.example.org',
  description: 'Chat with the crawled corpus for docs.example.org.',
  allowAnonymousChat: true,
  maxAnonymousChatMessages: 10,
  assistant: { id: assistantId, finetune: true },
  promptModeration: {
    noHarmful: { title: 'Message considered harmful', on: true },
    onTopic: { title: 'Message considered off topic', minimumContext: 0, minimumTokens: 0 },
    custom: [],
  },
  ragIndexes: [{ id: 'vec_docs' }],
  publicResponseCache: { enabled: true },
});

describe.each(MATRIX)('a fine-tuned model on a release from the real wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: scenario as ScenarioChoice });
  /** release.js `v1()`: Bearer key, JSON content type, a body only when there is one. */
  const v1 = async (method: string, path: string, body?: unknown) => {
    const res = await door.fetch(`/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const visitor = async (method: string, path: string, session: string, body: unknown) => {
    const res = await door.fetch(path, { method, headers: { 'content-type': 'application/json', 'x-anonymous-session-id': session }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Json };
  };

  // divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/release.js: createDraft -> publishDraft,
  // with the assistant naming a fine-tune (`finetune: true`); then a chat on the published release.
  it('creates and publishes a release whose assistant is a succeeded fine-tune; chat answers with that model', async () => {
    const draft = await v1('POST', '/releases', releaseBody('ft:gpt-4o-mini:ft_done'));
    expect(draft.status).toBe(201);
    expect(draft.body.assistant).toEqual({ id: 'ft:gpt-4o-mini:ft_done', finetune: true });
    const id = draft.body._id as string;
    expect((await v1('POST', `/releases/${id}/publish`)).status).toBe(200);

    const opened = await visitor('POST', '/api/v1/chat/anonymous', 'visitor-ft-0001', { releaseId: id });
    expect(opened.status).toBe(201);
    const sent = await visitor('POST', `/api/v1/chat/threads/${opened.body.thread.id}/messages`, 'visitor-ft-0001', { content: 'When do invitations expire?' });
    expect(sent.status).toBe(200);
    expect(sent.body.message.metadata).toMatchObject({ model: 'ft:gpt-4o-mini:ft_done', assistant: { id: 'ft:gpt-4o-mini:ft_done', finetune: true } });
    expect(typeof sent.body.message.content).toBe('string');
    // The workspace's transcript of the conversation records it too.
    const transcript = await v1('GET', `/transcripts/${opened.body.thread.id}`);
    expect(transcript.status).toBe(200);
  });

  it('a release naming a job still training refuses chat (409, nothing written) until the clock finishes it', async () => {
    const draft = await v1('POST', '/releases', releaseBody('ft_half'));
    const id = draft.body._id as string;
    await v1('POST', `/releases/${id}/publish`);
    const opened = await visitor('POST', '/api/v1/chat/anonymous', 'visitor-ft-0002', { releaseId: id });
    const ask = () => visitor('POST', `/api/v1/chat/threads/${opened.body.thread.id}/messages`, 'visitor-ft-0002', { content: 'When do invitations expire?' });
    const early = await ask();
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'CONFLICT', details: { model: 'ft_half', status: 'running' } });
    await door.emulator.clock.advance(120_000);
    const late = await ask();
    expect(late.status).toBe(200);
    expect(late.body.message.metadata.model).toBe('ft:gpt-4o-mini:ft_half');
  });
});
