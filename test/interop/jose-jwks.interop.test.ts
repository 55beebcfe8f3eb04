// jose (panva/jose, stock): createRemoteJWKSet + jwtVerify against the wall clock, with an
// emulator on the real clock, through both doors. The real clock starts at the wall clock and
// shifts every scenario time alike (contract section 6), so tokens verify with no currentDate.
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { realClockDoor } from './person.js';

const SCENARIO = {
  name: 'wall-clock',
  now: '2025-03-01T12:00:00.000Z',
  users: [{ id: 'user_short', email: 'short@example.com', tokenExpiresInSec: 600 }],
  workspaces: [
    {
      id: 'ws_wall',
      name: 'Wall',
      ownerId: 'user_short',
      apiKeys: [{ id: 'key_soon', name: 'soon', expiresAt: '2025-03-01T12:10:00.000Z' }],
      transcripts: [{ id: 'tr_old', title: 'Old', createdAt: '2025-03-01T11:00:00.000Z', messages: [{ role: 'user' as const, content: 'hi' }] }],
    },
  ],
};

describe.each(['http', 'msw'] as const)('jose remote JWKS through the %s door', (doorName) => {
  let ctx: Awaited<ReturnType<typeof realClockDoor>>;
  let origin: string;

  beforeAll(async () => {
    ctx = await realClockDoor(doorName);
    origin = new URL(ctx.door.baseUrl).origin;
  });
  afterAll(() => ctx.close());

  it('the real clock starts at the wall clock', () => {
    expect(Math.abs(ctx.emulator.clock.now() - Date.now())).toBeLessThan(60_000);
  });

  it('the boot scenario handle tokens name the door origin once it opens', async () => {
    const token = ctx.emulator.handles.users[0]!.accessToken;
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL('/.well-known/jwks.json', origin)), { issuer: origin, audience: 'service-api' });
    expect(payload.sub).toBe(ctx.emulator.handles.users[0]!.id);
  });

  it('verifies a minted token with the remote JWKS, the served issuer and the wall clock', async () => {
    const res = await fetch(`${origin}/__emulator/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'user_alice' }) });
    const { accessToken } = (await res.json()) as { accessToken: string };
    const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', origin));
    const { payload, protectedHeader } = await jwtVerify(accessToken, jwks, { issuer: origin, audience: 'service-api' });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload.sub).toBe('user_alice');
  });

  it('shifts every scenario time by one offset: a token with ten minutes left still has them', async () => {
    const res = await fetch(`${origin}/__emulator/scenario`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SCENARIO) });
    expect(res.status).toBe(200);
    const handles = (await res.json()) as { now: string; users: { accessToken: string }[] };
    expect(Math.abs(Date.parse(handles.now) - Date.now())).toBeLessThan(60_000);
    const token = handles.users[0]!.accessToken;
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(Math.abs(claims.exp! * 1000 - (Date.now() + 600_000))).toBeLessThan(60_000);
    // Handle tokens name the door's origin too, and verify against the wall clock.
    await jwtVerify(token, createRemoteJWKSet(new URL('/.well-known/jwks.json', origin)), { issuer: origin, audience: 'service-api' });
    // The key that expired ten minutes after the scenario's now still has those ten minutes.
    const key = ctx.emulator.handles.workspaces[0]!.apiKeys[0]!.secret!;
    expect((await fetch(`${origin}/api/v1/transcripts`, { headers: { 'x-api-key': key } })).status).toBe(200);
    const transcript = (await (await fetch(`${origin}/api/v1/transcripts/tr_old`, { headers: { 'x-api-key': key } })).json()) as { createdAt?: string | number };
    if (transcript.createdAt !== undefined) {
      const created = typeof transcript.createdAt === 'number' ? transcript.createdAt : Date.parse(transcript.createdAt);
      expect(Math.abs(Date.parse(handles.now) - created - 3_600_000)).toBeLessThan(1000);
    }
  });
});

describe('--now pins the start', () => {
  it('starts a real clock at the given time, the scenario shifted to it', async () => {
    const emulator = await createEmulator({ clock: 'real', now: '2030-05-05T00:00:00.000Z', scenario: SCENARIO });
    try {
      expect(Math.abs(emulator.clock.now() - Date.parse('2030-05-05T00:00:00.000Z'))).toBeLessThan(60_000);
      expect(emulator.handles.users[0]!.expiresAt).toBe('2030-05-05T00:10:00.000Z');
      // A real-clock reset starts the world again at its start, the scenario reloaded.
      await emulator.clock.advance(3_600_000);
      await emulator.reset();
      expect(Math.abs(emulator.clock.now() - Date.parse('2030-05-05T00:00:00.000Z'))).toBeLessThan(60_000);
      expect(emulator.handles.users[0]!.expiresAt).toBe('2030-05-05T00:10:00.000Z');
    } finally {
      await emulator.close();
    }
  });

  it('a manual clock still starts at the scenario now', async () => {
    const emulator = await createEmulator({ scenario: SCENARIO });
    try {
      expect(emulator.clock.iso()).toBe('2025-03-01T12:00:00.000Z');
    } finally {
      await emulator.close();
    }
  });
});
