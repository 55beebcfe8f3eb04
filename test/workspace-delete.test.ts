// Deleting a workspace takes every row of every area that belongs to it, and nothing else.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/index.js';
import { json } from './support/doors.js';
import { KEYS, identityScenario } from './support/identity-scenario.js';

describe('workspace delete', () => {
  it('leaves no row that names the deleted workspace, and keeps the other workspace whole', async () => {
    const emulator = await createEmulator({ scenario: identityScenario });
    const call = (path: string, init: RequestInit = {}) => emulator.fetch(new Request(`http://x${path}`, init));
    const login = await call('/embed/login', json({ apikey: KEYS.web, userId: 'c1', membershipTier: 'free' }));
    expect(login.status).toBe(200);
    const transcript = await call('/api/v1/transcripts', json({ title: 'kept?' }, { 'x-api-key': KEYS.web }));
    expect(transcript.status).toBe(201);
    const rowsOf = async (workspaceId: string) => {
      const { tables } = await emulator.exportState();
      return Object.entries(tables).flatMap(([table, rows]) => rows.filter((r) => r.workspace_id === workspaceId).map(() => table));
    };
    expect(new Set(await rowsOf('ws_shop'))).toEqual(new Set(['workspace_members', 'api_keys', 'releases', 'api_key_users', 'embed_sessions', 'transcripts']));
    const others = (await rowsOf('ws_else')).length;

    const owner = emulator.handles.users.find((u) => u.id === 'u_owner')!.accessToken;
    const res = await call('/api/v1/workspaces/ws_shop', { method: 'DELETE', headers: { authorization: `Bearer ${owner}` } });
    expect(res.status).toBe(200);
    expect(await rowsOf('ws_shop')).toEqual([]);
    expect((await rowsOf('ws_else')).length).toBe(others);
    expect((await call('/white-label-release/rel_shop')).status).toBe(404);
    await emulator.close();
  });
});
