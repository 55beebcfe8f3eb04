// The server SDK's two carriers on the workspace chat mount (REAL-WIRE section 9): `DivinciServer(
// { accessToken })` sends `Authorization: Bearer <user token>` and `{ apiKey }` sends `X-API-Key`
// (https://sdk.divinci.ai/getting-started/authentication) to
// `POST /api/v1/workspaces/{ws}/chat/completions`. Raw fetch, through both doors on both drivers.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { FULL_KEY, modelScenario } from '../support/model-scenario.js';
import { useDoor } from '../support/use-door.js';

type Json = Record<string, any>;
const PATH = '/api/v1/workspaces/ws_acme/chat/completions';

describe.each(MATRIX)('workspace chat carriers: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: modelScenario });
  const post = async (headers: Record<string, string>, body: unknown) => {
    const res = await door.fetch(PATH, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const ask = { messages: [{ role: 'user', content: 'How do audit logs work?' }] };

  // https://sdk.divinci.ai/getting-started/authentication: accessToken mode (a member's Bearer token).
  it('accessToken mode: a member’s Bearer token chats and the exchange lands in the workspace transcripts', async () => {
    const res = await post({ Authorization: `Bearer ${door.token('u_owner')}` }, ask);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'chat.completion', workspaceId: 'ws_acme', releaseId: 'rel_help' });
    const transcript = await door.fetch(`/api/v1/workspaces/ws_acme/transcripts/${res.body.transcriptId}`, { headers: { Authorization: `Bearer ${door.token('u_owner')}` } });
    expect(((await transcript.json()) as Json).messages).toHaveLength(2);
  });

  // https://sdk.divinci.ai/getting-started/authentication: apiKey mode (X-API-Key), and the key as Bearer (REAL-WIRE section 1).
  it('apiKey mode: X-API-Key and Authorization: Bearer svc_… both chat; a user token of a non-member is refused', async () => {
    expect((await post({ 'X-API-Key': FULL_KEY }, ask)).status).toBe(200);
    expect((await post({ Authorization: `Bearer ${FULL_KEY}` }, ask)).status).toBe(200);
    expect((await post({ Authorization: `Bearer ${door.token('u_outsider')}` }, ask)).status).toBe(404);
  });
});
