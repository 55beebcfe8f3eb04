// Thread prefixes on the workspace mount as the demo pipeline creates them (REAL-WIRE section 8):
// `POST /white-label/{ws}/thread-prefix {prefix: string[]}` with the CLI's OAuth session (a user's
// Bearer token, never an API key) answers the record with `_id`, which the release then names as
// `threadPrefix: {id}`. Raw fetch on every door and driver.
import { describe, expect, it } from 'vitest';
import type { Json } from '../support/chat-client.js';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY } from '../support/model-scenario.js';
import { threadsScenario } from '../support/threads-scenario.js';
import { useDoor } from '../support/use-door.js';

const SOURCE = 'divinci-ai/divinci-demo-pipeline-oss orchestrator/src/release-chat-resources.ts';

describe.each(MATRIX)('thread prefix (real wire): $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: threadsScenario as never });
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${door.baseUrl}${path}`, {
      method,
      headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const bearer = () => ({ Authorization: `Bearer ${door.token('u_owner')}` });

  it(`creates a thread prefix from a string array and answers its _id, live as version 1 (${SOURCE} ensureReleaseChatResources)`, async () => {
    const created = await send('POST', '/white-label/ws_acme/thread-prefix', bearer(), { prefix: ['rule one', 'rule two'] });
    expect(created.status).toBeLessThan(300);
    const id = String(created.body._id ?? created.body.id ?? '');
    expect(id).toMatch(/\S/);
    expect(created.body).toMatchObject({ kind: 'thread', prefix: ['rule one', 'rule two'], version: 1, workspaceId: 'ws_acme' });
    // The admin routes see the same document.
    const read = await send('GET', `/api/v1/thread-prefixes/${id}`, { 'x-api-key': FULL_KEY });
    expect(read.body).toMatchObject({ _id: id, prefix: ['rule one', 'rule two'], version: 1 });
  });

  it(`refuses a single string (thread prefixes are arrays), an API key on the mount, and another workspace (${SOURCE}: "thread takes a string ARRAY")`, async () => {
    const single = await send('POST', '/white-label/ws_acme/thread-prefix', bearer(), { prefix: 'stay on topic' });
    expect(single.status).toBe(400);
    expect(JSON.stringify(single.body.error.details)).toContain('body.prefix');
    // release-chat-resources.ts oauthEnv(): "Release admin endpoints need the CLI's OAuth session, not an API key".
    expect((await send('POST', '/white-label/ws_acme/thread-prefix', { 'x-api-key': FULL_KEY }, { prefix: ['a'] })).status).toBe(403);
    expect((await send('POST', '/white-label/ws_acme/thread-prefix', {}, { prefix: ['a'] })).status).toBe(401);
    const elsewhere = await send('POST', '/white-label/ws_nope/thread-prefix', bearer(), { prefix: ['a'] });
    expect([403, 404]).toContain(elsewhere.status);
    expect((await send('GET', '/api/v1/thread-prefixes', { 'x-api-key': FULL_KEY })).body.total).toBe(1);
  });
});
