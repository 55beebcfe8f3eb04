// BYOK provider credentials through every door on every driver: the key is write-only (never in
// any answer, export or journal), roles enforced, workspaces isolated, bad input changes nothing.
import { describe, expect, it } from 'vitest';
import { ByokCredentialSchema, ByokListSchema } from '../../src/areas/byok/schema.js';
import { MATRIX } from '../support/doors.js';
import { alice, bob, carol, dan } from '../support/identity.js';
import { useDoor } from '../support/use-door.js';

const NOW = '2026-01-01T09:00:00.000Z';
const SECRET = 'sk-proj-VERYsecretProviderKey0123456789wxyz';
const ROTATED = 'sk-ant-api03-AnotherSecretValue9876abcd';

describe.each(MATRIX)('byok: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;

  it('creates (201) a credential that shows only the last four characters', async () => {
    const res = await call('POST', '/api/v1/byok', alice, { provider: 'openai', key: SECRET, name: 'Prod OpenAI' });
    expect(res.status).toBe(201);
    const created = ByokCredentialSchema.parse(res.body);
    expect(res.body).toEqual({
      id: created.id,
      workspaceId: 'ws_acme',
      provider: 'openai',
      name: 'Prod OpenAI',
      keyHint: 'wxyz',
      status: 'active',
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect((await call('GET', `/api/v1/byok/${created.id}`, carol)).body).toEqual(res.body);
    const list = ByokListSchema.parse((await call('GET', '/api/v1/byok', bob)).body);
    expect(list).toEqual({ data: [res.body], hasMore: false, total: 1 });
  });

  it('never returns the key: not on create, read, list, rotate, export or in the journal', async () => {
    const texts: string[] = [];
    const keep = (r: { status: number; text: string }) => {
      texts.push(r.text);
      return r;
    };
    const key = door.key('key_full');
    const created = keep(await call('POST', '/api/v1/byok', { key }, { provider: 'anthropic', key: SECRET }));
    const id = JSON.parse(created.text).id as string;
    keep(await call('GET', '/api/v1/byok', alice));
    keep(await call('GET', `/api/v1/byok/${id}`, alice));
    keep(await call('GET', '/api/v1/config/export', alice));
    keep(await call('GET', '/api/v1/config', alice));
    await door.emulator.clock.advance(5000);
    const rotated = keep(await call('POST', `/api/v1/byok/${id}/rotate`, alice, { key: ROTATED }));
    expect(JSON.parse(rotated.text)).toMatchObject({ keyHint: 'abcd', rotatedAt: '2026-01-01T09:00:05.000Z', updatedAt: '2026-01-01T09:00:05.000Z', createdAt: NOW });
    keep(await call('GET', '/api/v1/byok', alice));
    const journal = await door.fetch('/__emulator/requests');
    if (journal.status === 200) texts.push(await journal.text());
    const state = await door.fetch('/__emulator/state');
    if (state.status === 200) texts.push(await state.text());
    for (const text of texts) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(ROTATED);
      expect(text).not.toContain('VERYsecret');
    }
    expect(JSON.parse(created.text)).not.toHaveProperty('key');
  });

  it('lets members read but only admins and owners write', async () => {
    const { body } = await call('POST', '/api/v1/byok', alice, { provider: 'mistral', key: SECRET });
    for (const who of [bob, carol]) {
      expect((await call('GET', '/api/v1/byok', who)).status).toBe(200);
      expect((await call('POST', '/api/v1/byok', who, { provider: 'openai', key: SECRET })).status).toBe(403);
      expect((await call('POST', `/api/v1/byok/${body.id}/rotate`, who, { key: ROTATED })).status).toBe(403);
      expect((await call('DELETE', `/api/v1/byok/${body.id}`, who)).status).toBe(403);
    }
    expect((await call('GET', '/api/v1/byok', { key: door.key('key_read') })).status).toBe(403);
    expect((await call('GET', '/api/v1/byok', {})).status).toBe(401);
    expect((await call('GET', '/api/v1/byok', alice)).body.total).toBe(1);
  });

  it('keeps workspaces apart: another workspace’s credential is not found', async () => {
    const { body } = await call('POST', '/api/v1/byok', alice, { provider: 'google', key: SECRET });
    expect((await call('GET', `/api/v1/byok/${body.id}`, dan)).status).toBe(404);
    expect((await call('POST', `/api/v1/byok/${body.id}/rotate`, dan, { key: ROTATED })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/byok/${body.id}`, { key: door.key('key_globex') })).status).toBe(404);
    expect((await call('GET', '/api/v1/byok', dan)).body).toEqual({ data: [], hasMore: false, total: 0 });
    const elsewhere = await call('GET', '/api/v1/byok', { user: 'user_alice', headers: { 'x-workspace-id': 'ws_globex' } });
    expect(elsewhere.status).toBe(404);
  });

  it('deletes a credential; afterwards it is not found', async () => {
    const { body } = await call('POST', '/api/v1/byok', alice, { provider: 'azure-openai', key: SECRET });
    const res = await call('DELETE', `/api/v1/byok/${body.id}`, alice);
    expect(res.body).toEqual({ status: 'ok', id: body.id });
    expect((await call('GET', `/api/v1/byok/${body.id}`, alice)).body).toEqual({ error: { code: 'NOT_FOUND', message: 'Provider credential not found', requestId: expect.any(String) } });
    expect((await call('DELETE', `/api/v1/byok/${body.id}`, alice)).status).toBe(404);
  });

  it('rejects bad input with 400 and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ key: SECRET }, 'body.provider'],
      [{ provider: 'cohere', key: SECRET }, 'body.provider'],
      [{ provider: 'openai' }, 'body.key'],
      [{ provider: 'openai', key: 'short' }, 'body.key'],
      [{ provider: 'openai', key: 'has a space in it' }, 'body.key'],
      [{ provider: 'openai', key: SECRET, keyHint: 'abcd' }, 'body.keyHint'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', '/api/v1/byok', alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
      expect(res.text).not.toContain(SECRET);
    }
    expect((await call('GET', '/api/v1/byok', alice)).body.total).toBe(0);
    const { body } = await call('POST', '/api/v1/byok', alice, { provider: 'openai', key: SECRET });
    expect((await call('POST', `/api/v1/byok/${body.id}/rotate`, alice, {})).status).toBe(400);
    expect((await call('GET', `/api/v1/byok/${body.id}`, alice)).body.keyHint).toBe('wxyz');
  });
});
