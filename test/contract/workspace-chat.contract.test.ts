// `POST /api/v1/workspaces/{ws}/chat/completions` through every door on every driver: a member's
// token or a workspace key chats with a release through the same reply generator as chat threads;
// the exchange is stored as a transcript; bad input writes nothing; other workspaces are closed.
import { describe, expect, it } from 'vitest';
import { WorkspaceChatCompletionSchema } from '../../src/types/model-lifecycle.js';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY, OTHER_KEY, RAG_ONLY_KEY, READ_KEY, modelScenario } from '../support/model-scenario.js';
import { useDoor } from '../support/use-door.js';

const PATH = '/api/v1/workspaces/ws_acme/chat/completions';
const owner = { user: 'u_owner' };
const QUESTION = 'When does an invitation expire?';

describe.each(MATRIX)('workspace chat completions: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: modelScenario });
  const { call } = door;
  const transcriptCount = async () => (await call('GET', '/api/v1/workspaces/ws_acme/transcripts', owner)).body.total as number;

  it('answers a member’s token with an OpenAI-style completion stored as a transcript', async () => {
    const res = await call('POST', PATH, owner, { messages: [{ role: 'user', content: QUESTION }] });
    expect(res.status).toBe(200);
    const answer = WorkspaceChatCompletionSchema.parse(res.body);
    expect(answer).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini', workspaceId: 'ws_acme', releaseId: 'rel_help', choices: [{ index: 0, finish_reason: 'stop' }] });
    expect(answer.id).toBe(`chatcmpl-${answer.message.id}`);
    expect(answer.choices[0]?.message.content).toBe(answer.message.content);
    expect(answer.choices[0]?.message.content).toContain('seven days');
    expect(answer.usage.total_tokens).toBe(answer.usage.prompt_tokens + answer.usage.completion_tokens);
    const transcript = (await call('GET', `/api/v1/workspaces/ws_acme/transcripts/${answer.transcriptId}`, owner)).body;
    expect(transcript.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    // Continuing the conversation sends only the new turn.
    const next = await call('POST', PATH, owner, { transcriptId: answer.transcriptId, messages: [{ role: 'user', content: 'And audit logs?' }] });
    expect(next.status).toBe(200);
    expect(next.body.transcriptId).toBe(answer.transcriptId);
    expect((await call('GET', `/api/v1/workspaces/ws_acme/transcripts/${answer.transcriptId}`, owner)).body.messages).toHaveLength(4);
  });

  it('answers with the same reply generator as a chat thread', async () => {
    const res = await call('POST', PATH, owner, { releaseId: 'rel_help', messages: [{ role: 'user', content: QUESTION }] });
    const thread = await call('POST', '/api/v1/chat/threads', owner, { releaseId: 'rel_help' });
    const sent = await call('POST', `/api/v1/chat/threads/${thread.body.id}/messages`, owner, { content: QUESTION });
    expect(sent.status).toBe(200);
    expect(res.body.message.content).toBe(sent.body.message.content);
  });

  it('keeps earlier turns as history, takes a model, and streams chat events when asked', async () => {
    const res = await call('POST', PATH, { key: FULL_KEY }, {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello! How can I help?' },
        { role: 'user', content: QUESTION },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.model).toBe('gpt-4o');
    const stored = (await call('GET', `/api/v1/workspaces/ws_acme/transcripts/${res.body.transcriptId}`, owner)).body.messages;
    expect(stored.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    const streamed = await door.fetch(PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, messages: [{ role: 'user', content: QUESTION }] }),
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    const frames = (await streamed.text()).split('\n\n').filter(Boolean).map((f) => f.replace(/^data: /, ''));
    expect(frames.at(-1)).toBe('[DONE]');
    const chunks = frames.slice(0, -1).map((f) => JSON.parse(f));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    const text = chunks.map((c) => c.choices[0].delta.content ?? '').join('');
    const plain = await call('POST', PATH, { key: FULL_KEY }, { messages: [{ role: 'user', content: QUESTION }] });
    expect(text).toBe(plain.body.choices[0].message.content);
    expect(chunks.at(-1)).toMatchObject({ choices: [{ finish_reason: 'stop' }], usage: plain.body.usage });
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = await transcriptCount();
    const cases: [unknown, string][] = [
      [{}, 'body.messages'],
      [{ messages: [] }, 'body.messages'],
      [{ messages: [{ role: 'assistant', content: 'hi' }] }, 'body.messages'],
      [{ messages: [{ role: 'tool', content: 'hi' }] }, 'body.messages[0].role'],
      [{ messages: [{ role: 'user', content: '' }] }, 'body.messages[0].content'],
      [{ messages: [{ role: 'user', content: 'hi' }], stream: 'yes' }, 'body.stream'],
      [{ messages: [{ role: 'user', content: 'hi' }], temperature: 2 }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', PATH, owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error.details), JSON.stringify(body)).toContain(path);
    }
    expect((await call('POST', PATH, owner, { releaseId: 'rel_nope', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(404);
    expect((await call('POST', PATH, owner, { releaseId: 'rel_globex', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(404);
    expect(await transcriptCount()).toBe(before);
  });

  it('takes members and keys of the workspace only', async () => {
    const ask = { messages: [{ role: 'user', content: QUESTION }] };
    expect((await call('POST', PATH, { user: 'u_viewer' }, ask)).status).toBe(200);
    expect((await call('POST', PATH, { key: READ_KEY }, ask)).status).toBe(200);
    expect((await call('POST', PATH, { key: RAG_ONLY_KEY }, ask)).status).toBe(403);
    expect((await call('POST', PATH, { key: OTHER_KEY }, ask)).status).toBe(404);
    expect((await call('POST', PATH, { user: 'u_outsider' }, ask)).status).toBe(404);
    expect((await call('POST', PATH, {}, ask)).status).toBe(401);
  });
});
