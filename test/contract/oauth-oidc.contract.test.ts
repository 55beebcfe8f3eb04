// OAuth additions through every door on every driver: the ID token (OpenID Connect Core),
// dynamic client registration (RFC 7591), protected-resource metadata (RFC 9728), the Bearer
// challenge (RFC 6750 §3) and the sign-in form of the authorize page.
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { atHash } from '../../src/areas/oauth/id-token.js';
import { TokenResponseSchema } from '../../src/areas/oauth/schema.js';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { CHALLENGE, REDIRECT, VERIFIER, location, oauthClient } from '../support/oauth-client.js';

describe.each(MATRIX)('oauth (OIDC, registration, resource metadata): $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { authorize, codeOf, form, exchange, refresh } = oauthClient(door);
  const origin = () => new URL(door.baseUrl).origin;

  it('issues an EdDSA ID token with the nonce, the client as audience, auth_time and at_hash', async () => {
    const code = await codeOf({ nonce: 'n-0S6_WzA2Mj' });
    const tokens = TokenResponseSchema.parse(await (await exchange(code)).json());
    const jwks = createLocalJWKSet((await (await door.fetch('/.well-known/jwks.json')).json()) as Parameters<typeof createLocalJWKSet>[0]);
    const now = door.emulator.clock.now();
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, jwks, { issuer: origin(), audience: 'service-cli', currentDate: new Date(now) });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toEqual({
      sub: 'user_alice',
      aud: 'service-cli',
      azp: 'service-cli',
      auth_time: Math.floor(now / 1000),
      at_hash: atHash(tokens.access_token),
      nonce: 'n-0S6_WzA2Mj',
      email: 'alice@acme.example',
      email_verified: true,
      name: 'Alice Moreau',
      nickname: 'alice',
      iss: origin(),
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 3600,
    });
    // A refresh keeps auth_time and drops the nonce (OIDC Core §12.2); without openid, no ID token.
    await door.emulator.clock.advance(60_000);
    const renewed = TokenResponseSchema.parse(await (await refresh(tokens.refresh_token)).json());
    const again = decodeJwt(renewed.id_token!);
    expect(again.auth_time).toBe(payload.auth_time);
    expect(again.nonce).toBeUndefined();
    const plain = TokenResponseSchema.parse(await (await exchange(await codeOf({ scope: 'rag:read' }))).json());
    expect(plain.id_token).toBeUndefined();
  });

  it('registers public clients (RFC 7591) that then sign in like the built-in ones', async () => {
    const res = await door.fetch('/oauth/register', json({ client_name: 'Desk', redirect_uris: ['http://127.0.0.1:9999/cb', 'com.example.desk:/cb'], token_endpoint_auth_method: 'client_secret_basic' }));
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const info = (await res.json()) as { client_id: string };
    expect(info).toEqual({
      client_id: expect.stringMatching(/^client_[0-9A-Za-z]{24}$/),
      client_id_issued_at: Math.floor(door.emulator.clock.now() / 1000),
      client_name: 'Desk',
      redirect_uris: ['http://127.0.0.1:9999/cb', 'com.example.desk:/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    const code = await codeOf({ client_id: info.client_id, redirect_uri: 'com.example.desk:/cb' });
    const tokens = await exchange(code, { client_id: info.client_id, redirect_uri: 'com.example.desk:/cb' });
    expect(tokens.status).toBe(200);
    expect(decodeJwt(((await tokens.json()) as { access_token: string }).access_token).client_id).toBe(info.client_id);

    const bad = await door.fetch('/oauth/register', json({ redirect_uris: ['http://app.example/cb'] }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'invalid_redirect_uri',
      error_description: 'redirect_uris[0]: http is allowed on loopback hosts only (127.0.0.1, localhost, [::1]); use https',
      issues: [{ path: 'body.redirect_uris[0]', message: 'http is allowed on loopback hosts only (127.0.0.1, localhost, [::1]); use https' }],
    });
    const none = await door.fetch('/oauth/register', json({ client_name: 'x' }));
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string; issues: { path: string }[] })).toMatchObject({ error: 'invalid_client_metadata', issues: [{ path: 'body.redirect_uris' }] });
    const grant = await door.fetch('/oauth/register', json({ redirect_uris: ['https://a.example/cb'], grant_types: ['password'] }));
    expect(((await grant.json()) as { error: string }).error).toBe('invalid_client_metadata');
  });

  it('serves protected-resource metadata (RFC 9728) at the root and path-suffixed', async () => {
    const root = await (await door.fetch('/.well-known/oauth-protected-resource')).json();
    expect(root).toEqual({
      resource: origin(),
      authorization_servers: [origin()],
      jwks_uri: `${origin()}/.well-known/jwks.json`,
      scopes_supported: ['openid', 'profile', 'email', 'offline_access', 'transcript:read', 'transcript:write', 'rag:read', 'rag:write'],
      bearer_methods_supported: ['header'],
      resource_signing_alg_values_supported: ['EdDSA'],
      resource_name: 'service-emulator',
    });
    expect(((await (await door.fetch('/.well-known/oauth-protected-resource/mcp')).json()) as { resource: string }).resource).toBe(`${origin()}/mcp`);
    expect(((await (await door.fetch('/.well-known/oauth-protected-resource/ws_acme/mcp')).json()) as { resource: string }).resource).toBe(`${origin()}/ws_acme/mcp`);
  });

  it('challenges Bearer 401s with the resource metadata; API-key-only routes do not', async () => {
    const metadata = `${origin()}/.well-known/oauth-protected-resource`;
    const none = await door.fetch('/api/v1/workspaces');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadata}"`);
    const bad = await door.fetch('/api/v1/workspaces', { headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadata}", error="invalid_token"`);
    const keyOnly = await door.fetch('/api/v1/transcripts');
    expect(keyOnly.status).toBe(401);
    expect(keyOnly.headers.get('www-authenticate')).toBeNull();
  });

  it('the sign-in page has a form: choose a user, Allow gives a code, Deny gives access_denied', async () => {
    const page = await authorize({ login_hint: undefined, nonce: 'abc' });
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/oauth/authorize">');
    expect(html).toContain('<input type="hidden" name="nonce" value="abc">');
    expect(html).toContain('<input type="radio" name="login_hint" value="user_dan"');
    const body = new URLSearchParams({
      response_type: 'code',
      client_id: 'service-cli',
      redirect_uri: REDIRECT,
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      state: 's1',
      nonce: 'abc',
      login_hint: 'user_dan',
      approve: '1',
    });
    const post = (params: URLSearchParams) =>
      door.fetch('/oauth/authorize', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: params, redirect: 'manual' });
    const allowed = await post(body);
    expect(allowed.status).toBe(302);
    const back = location(allowed);
    expect(back.searchParams.get('state')).toBe('s1');
    const tokens = TokenResponseSchema.parse(await (await form('/oauth/token', { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, client_id: 'service-cli', code_verifier: VERIFIER })).json());
    expect(decodeJwt(tokens.id_token!)).toMatchObject({ sub: 'user_dan', nonce: 'abc' });
    body.set('approve', '0');
    expect(location(await post(body)).searchParams.get('error')).toBe('access_denied');
  });
});
