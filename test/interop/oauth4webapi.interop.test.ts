// oauth4webapi (panva/oauth4webapi, stock, unpatched) against the emulator through both doors:
// RFC 8414 discovery, authorization code + PKCE with a nonce, the ID token, userinfo, refresh
// rotation, reuse refused as invalid_grant, and revocation. Only the library's documented
// allowInsecureRequests option is set, because the emulator speaks http on loopback.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_URI, realClockDoor, signInAt } from './person.js';

const options = { [oauth.allowInsecureRequests]: true };

describe.each(['http', 'msw'] as const)('oauth4webapi through the %s door', (doorName) => {
  let ctx: Awaited<ReturnType<typeof realClockDoor>>;
  let as: oauth.AuthorizationServer;
  const client: oauth.Client = { client_id: 'service-cli' };
  const clientAuth = oauth.None();

  beforeAll(async () => {
    ctx = await realClockDoor(doorName);
  });
  afterAll(() => ctx.close());

  async function signIn(scope = 'openid profile email') {
    const verifier = oauth.generateRandomCodeVerifier();
    const nonce = oauth.generateRandomNonce();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce,
      state,
    })) url.searchParams.set(k, v);
    const callback = await signInAt(url, 'user_bob');
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, REDIRECT_URI, verifier, options);
    return { result: await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true }), nonce };
  }

  it('discovers the server: the issuer is the origin it was asked at', async () => {
    const issuer = new URL(ctx.door.baseUrl);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }));
    expect(as.issuer).toBe(issuer.href.replace(/\/$/, ''));
    expect(as.registration_endpoint).toBe(`${as.issuer}/oauth/register`);
    const oidc = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oidc' }));
    expect(oidc.issuer).toBe(as.issuer);
  });

  it('runs the code flow with PKCE and a nonce; the ID token and userinfo check out', async () => {
    const { result, nonce } = await signIn();
    const claims = oauth.getValidatedIdTokenClaims(result)!;
    expect(claims).toMatchObject({ iss: as.issuer, sub: 'user_bob', aud: 'service-cli', nonce });
    expect(typeof claims.auth_time).toBe('number');
    const info = await oauth.processUserInfoResponse(as, client, claims.sub, await oauth.userInfoRequest(as, client, result.access_token, options));
    expect(info).toMatchObject({ sub: 'user_bob', email: 'bob@acme.example' });
  });

  it('rotates refresh tokens; a reused one is invalid_grant, as the library reads it', async () => {
    const { result } = await signIn();
    const first = result.refresh_token!;
    const renewed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, first, options));
    expect(renewed.refresh_token).not.toBe(first);
    const reuse = oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, first, options));
    await expect(reuse).rejects.toBeInstanceOf(oauth.ResponseBodyError);
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    // Reuse revoked the family: the renewed token is refused too.
    const after = oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, renewed.refresh_token!, options));
    await expect(after).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes a refresh token (RFC 7009); it is then invalid_grant', async () => {
    const { result } = await signIn();
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, result.refresh_token!, options));
    const refused = oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, result.refresh_token!, options));
    await expect(refused).rejects.toMatchObject({ error: 'invalid_grant' });
    // A revoked access token gets the RFC 6750 challenge, which the library parses.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, result.access_token, options));
    const denied = oauth.processUserInfoResponse(as, client, 'user_bob', await oauth.userInfoRequest(as, client, result.access_token, options));
    await expect(denied).rejects.toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    await expect(denied).rejects.toMatchObject({ cause: [{ scheme: 'bearer', parameters: { error: 'invalid_token' } }] });
  });
});
