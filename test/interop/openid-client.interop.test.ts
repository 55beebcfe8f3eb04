// openid-client v6 (panva/openid-client, stock, unpatched) against the emulator through both
// doors: discovery, authorization code + PKCE with a nonce (the ID token validated by the
// library), userinfo, refresh rotation and reuse (invalid_grant), and revocation. Only the
// documented allowInsecureRequests option is used, for the emulator's loopback http.
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_URI, realClockDoor, signInAt } from './person.js';

describe.each(['http', 'msw'] as const)('openid-client through the %s door', (doorName) => {
  let ctx: Awaited<ReturnType<typeof realClockDoor>>;
  let config: client.Configuration;

  beforeAll(async () => {
    ctx = await realClockDoor(doorName);
    config = await client.discovery(new URL(ctx.door.baseUrl), 'service-cli', undefined, client.None(), { execute: [client.allowInsecureRequests] });
  });
  afterAll(() => ctx.close());

  async function signIn() {
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce,
    });
    const callback = await signInAt(url, 'user_alice');
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedNonce: nonce, idTokenExpected: true });
    return { tokens, nonce };
  }

  it('discovers the issuer at the origin asked', () => {
    expect(config.serverMetadata().issuer).toBe(new URL(ctx.door.baseUrl).origin);
    expect(config.serverMetadata().supportsPKCE()).toBe(true);
  });

  it('signs in with PKCE and a nonce; the ID token claims and userinfo agree', async () => {
    const { tokens, nonce } = await signIn();
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: config.serverMetadata().issuer, sub: 'user_alice', aud: 'service-cli', nonce, email: 'alice@acme.example' });
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: 'user_alice', name: 'Alice Moreau' });
  });

  it('refreshes, then refuses the retired refresh token with invalid_grant', async () => {
    const { tokens } = await signIn();
    const renewed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(renewed.claims()?.sub).toBe('user_alice');
    const reuse = client.refreshTokenGrant(config, tokens.refresh_token!);
    await expect(reuse).rejects.toBeInstanceOf(client.ResponseBodyError);
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('revokes a refresh token; refreshing with it is then invalid_grant', async () => {
    const { tokens } = await signIn();
    await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
