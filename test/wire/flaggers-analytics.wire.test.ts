// The SDK's documented flagger fields and dry run (https://sdk.divinci.ai/client/observability/,
// REAL-WIRE section 9) and the `analytics:read` key scope (https://sdk.divinci.ai/server/api-keys/),
// sent as the server SDK's two carriers send them: `X-API-Key`, and a key as `Authorization: Bearer`
// (https://sdk.divinci.ai/getting-started/authentication). Raw fetch, both doors, both drivers.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { FKEYS, flaggersScenario } from '../support/flaggers-scenario.js';

type Json = Record<string, any>;

describe.each(MATRIX)('flaggers and analytics on the SDK wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: flaggersScenario });
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const init: RequestInit = { method, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await door.fetch(path, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };

  // https://sdk.divinci.ai/client/observability/: a flagger's fields (title, notificationIcon,
  // notificationMessage, notificationTags, assistant, prefix, outputKeys, flagInput, notifyUser) and its dry run.
  it('creates a flagger with exactly the documented fields (X-API-Key) and dry-runs it (Bearer key)', async () => {
    const documented = {
      title: 'Medical emergency',
      notificationIcon: 'ambulance',
      notificationMessage: 'A visitor may need urgent care',
      notificationTags: ['urgent'],
      assistant: { id: 'gpt-4o-mini', finetune: false },
      prefix: 'Answer yes if the message describes a medical emergency.',
      outputKeys: ['category'],
      flagInput: true,
      notifyUser: true,
    };
    const created = await send('POST', '/api/v1/flaggers', { 'X-API-Key': FKEYS.full }, documented);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ _id: expect.any(String), ...documented });
    // Without emulator rules the stand-in model never flags: the dry run says so.
    const dry = await send('POST', `/api/v1/flaggers/${created.body._id}/dry-run`, { Authorization: `Bearer ${FKEYS.full}` }, { content: 'chest pain' });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ flagged: false, judges: 'input', notifyUser: true });
    const ruled = await send('PATCH', `/api/v1/flaggers/${created.body._id}`, { Authorization: `Bearer ${FKEYS.full}` }, { match: { keywords: ['chest pain'] } });
    expect(ruled.status).toBe(200);
    const hit = await send('POST', `/api/v1/flaggers/${created.body._id}/dry-run`, { 'X-API-Key': FKEYS.full }, { content: 'I have chest pain' });
    expect(hit.body).toMatchObject({ flagged: true, wouldFlag: true, outputs: { category: 'chest pain' }, tags: ['urgent'], message: 'A visitor may need urgent care' });
  });

  // https://sdk.divinci.ai/server/api-keys/: a key created with the `analytics:read` scope reads analytics and nothing else.
  it('lets a key with only analytics:read read analytics, as X-API-Key and as Bearer, and nothing else', async () => {
    const carriers: Record<string, string>[] = [{ 'X-API-Key': FKEYS.analytics }, { Authorization: `Bearer ${FKEYS.analytics}` }];
    for (const headers of carriers) {
      expect((await send('GET', '/api/v1/analytics/summary', headers)).status).toBe(200);
      expect((await send('GET', '/api/v1/metrics/rag', headers)).status).toBe(200);
      expect((await send('GET', '/api/v1/flaggers', headers)).status).toBe(403);
      expect((await send('GET', '/api/v1/transcripts', headers)).status).toBe(403);
    }
  });
});
