// OAuth (PKCE) through every door on every driver: discovery, the authorize redirect and pages,
// code exchange, refresh rotation and reuse detection, revocation, and the tokens themselves.
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { DiscoverySchema, TokenResponseSchema, type TokenResponse } from '../../src/areas/oauth/schema.js';
import { MATRIX, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { CHALLENGE, REDIRECT, VERIFIER, location, oauthClient, type Envelope } from '../support/oauth-client.js';

const OTHER_VERIFIER = 'a'.repeat(43);
const MINUTE = 60_000;
/** The first flow of each door and driver, compared byte for byte at the end. */
const flows: { label: string; bytes: string }[] = [];

describe.each(MATRIX)('oauth: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { authorizeQuery, authorize, codeOf, form, exchange, refresh, login, userinfo, expectError, grantError } = oauthClient(door);

  it('serves the same discovery document at both well-known paths, with absolute endpoints', async () => {
    const origin = new URL(door.baseUrl).origin;
    const expected = {
      // RFC 8414: the issuer is the origin the emulator is served at (the door's).
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      userinfo_endpoint: `${origin}/oauth/userinfo`,
      jwks_uri: `${origin}/.well-known/jwks.json`,
      scopes_supported: ['openid', 'profile', 'email', 'offline_access', 'transcript:read', 'transcript:write', 'rag:read', 'rag:write'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      registration_endpoint: `${origin}/oauth/register`,
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['EdDSA'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'at_hash', 'azp', 'email', 'email_verified', 'name', 'nickname', 'picture'],
      audience: 'service-api',
    };
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const res = await door.fetch(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(DiscoverySchema.parse(await res.json())).toEqual(expected);
    }
    const jwks = (await (await door.fetch('/.well-known/jwks.json')).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), alg: 'EdDSA', use: 'sig', kid: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('redirects at once with a code and the state when login_hint names a user (by id or email)', async () => {
    const res = await authorize();
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const url = location(res);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect([...url.searchParams.keys()]).toEqual(['code', 'state']);
    expect(url.searchParams.get('code')).toMatch(/^oac_[0-9A-Za-z]{43}$/);
    expect(url.searchParams.get('state')).toBe('st-123');

    const byEmail = await authorize({ login_hint: 'BOB@acme.example', redirect_uri: 'http://localhost:8123/cb?keep=1', client_id: 'service-mcp', state: undefined });
    expect(byEmail.status).toBe(302);
    const back = location(byEmail);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:8123/cb');
    expect([...back.searchParams.keys()]).toEqual(['keep', 'code']);
    const res2 = await form('/oauth/token', {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: 'http://localhost:8123/cb?keep=1',
      client_id: 'service-mcp',
      code_verifier: VERIFIER,
    });
    expect(res2.status).toBe(200);
    const token = TokenResponseSchema.parse(await res2.json());
    expect(((await (await userinfo(token.access_token)).json()) as { sub: string }).sub).toBe('user_bob');
  });

  it('exchanges a code and its verifier for a platform JWT that verifies against the JWKS', async () => {
    const res = await exchange(await codeOf());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    const body = (await res.json()) as TokenResponse;
    // The default scope holds openid: an ID token comes too (OpenID Connect Core §3.1.3.3).
    expect(Object.keys(body)).toEqual(['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope', 'id_token']);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid profile email' });
    expect(body.refresh_token).toMatch(/^ort_[0-9A-Za-z]{48}$/);

    const jwks = createLocalJWKSet((await (await door.fetch('/.well-known/jwks.json')).json()) as Parameters<typeof createLocalJWKSet>[0]);
    const now = door.emulator.clock.now();
    const issuer = new URL(door.baseUrl).origin;
    const { payload } = await jwtVerify(body.access_token, jwks, { issuer, audience: 'service-api', currentDate: new Date(now) });
    expect(payload).toEqual({
      sub: 'user_alice',
      use: 'access',
      kind: 'platform',
      scope: 'openid profile email',
      client_id: 'service-cli',
      iss: issuer,
      aud: 'service-api',
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 3600,
      jti: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });

    const me = await userinfo(body.access_token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ sub: 'user_alice', email: 'alice@acme.example', email_verified: true, name: 'Alice Moreau', nickname: 'alice' });
    // A Bearer route of another area takes it like any platform token.
    const mine = await door.fetch('/api/v1/workspaces', { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { data: { id: string }[] }).data.map((w) => w.id)).toEqual(['ws_acme']);
  });

  it('accepts a JSON token request too, and a narrower or default scope', async () => {
    const code = await codeOf({ scope: 'openid  rag:read openid' });
    // RFC 8707: a resource indicator joins the service's audience; a malformed one is invalid_target.
    const resource = `${new URL(door.baseUrl).origin}/mcp`;
    const bad = await door.fetch('/oauth/token', json({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'service-cli', code_verifier: VERIFIER, resource: 'not a uri' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_target', error_description: 'resource must be an absolute URI', issues: [{ path: 'body.resource', message: 'resource must be an absolute URI' }] });
    const res = await door.fetch('/oauth/token', json({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'service-cli', code_verifier: VERIFIER, resource }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as TokenResponse;
    expect(body.scope).toBe('openid rag:read');
    expect(decodeJwt(body.access_token).aud).toEqual(['service-api', resource]);
  });

  it('is deterministic: the same flow after a reset gives the same code and tokens', async () => {
    const first = await authorize();
    const one = (await (await exchange(location(first).searchParams.get('code')!)).json()) as TokenResponse;
    await door.emulator.reset();
    const second = await authorize();
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    const two = (await (await exchange(location(second).searchParams.get('code')!)).json()) as TokenResponse;
    expect(two).toEqual(one);
    // Across doors the issuer differs (each door's origin), so tokens compare by their claims less
    // `iss` (and `at_hash`, the hash of an access token that names it).
    const claims = (jwt: string | undefined) => {
      const { iss, at_hash: _hash, ...rest } = decodeJwt(jwt ?? '');
      expect(iss).toBe(new URL(door.baseUrl).origin);
      return rest;
    };
    const comparable = { ...one, access_token: claims(one.access_token), id_token: claims(one.id_token) };
    flows.push({ label: `${doorName} door on ${driver}`, bytes: `${first.headers.get('location')} ${JSON.stringify(comparable)}` });
  });

  it('refuses a wrong verifier, redirect_uri or client without using up the code', async () => {
    const code = await codeOf();
    await grantError(await exchange(code, { code_verifier: OTHER_VERIFIER }), 'code_verifier does not match the code_challenge');
    await grantError(await exchange(code, { redirect_uri: 'http://127.0.0.1:53683/callback' }), 'redirect_uri does not match the authorization request');
    await grantError(await exchange(code, { client_id: 'service-mcp' }), 'Authorization code was issued to another client');
    await grantError(await exchange('oac_nothing'), 'Unknown authorization code');
    const unknown = await expectError(await exchange(code, { client_id: 'nobody' }), 401, 'UNAUTHORIZED', 'invalid_client', 'Unknown client "nobody"');
    expect(unknown.error.details).toEqual({ error: 'invalid_client', error_description: 'Unknown client "nobody"' });
    expect((await exchange(code)).status).toBe(200);
  });

  it('a reused code fails and revokes every token issued from it', async () => {
    const code = await codeOf();
    const tokens = TokenResponseSchema.parse(await (await exchange(code)).json());
    expect((await userinfo(tokens.access_token)).status).toBe(200);
    await grantError(await exchange(code), 'Authorization code was already used; the tokens issued from it are revoked');
    const me = await userinfo(tokens.access_token);
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid access token', requestId: expect.any(String) } });
    // RFC 6750 §3 and RFC 9728 §5.1: the challenge names the metadata and the token's fault.
    expect(me.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${new URL(door.baseUrl).origin}/.well-known/oauth-protected-resource", error="invalid_token"`);
    const none = await door.fetch('/oauth/userinfo');
    expect(none.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${new URL(door.baseUrl).origin}/.well-known/oauth-protected-resource"`);
    await grantError(await refresh(tokens.refresh_token), 'Refresh token has been revoked');
  });

  it('a code lives ten minutes of emulator time', async () => {
    const early = await codeOf();
    const late = await codeOf();
    await door.emulator.clock.advance(10 * MINUTE - 1);
    expect((await exchange(early)).status).toBe(200);
    await door.emulator.clock.advance(1);
    await grantError(await exchange(late), 'Authorization code has expired');
  });

  it('rotates refresh tokens; reusing a retired one revokes its descendants', async () => {
    const first = await login();
    await door.emulator.clock.advance(MINUTE);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const second = TokenResponseSchema.parse(await res.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.scope).toBe('openid profile email');
    expect((await userinfo(second.access_token)).status).toBe(200);

    await grantError(await refresh(first.refresh_token), 'Refresh token was already used; every token of its grant is revoked');
    await grantError(await refresh(second.refresh_token), 'Refresh token has been revoked');
    expect((await userinfo(second.access_token)).status).toBe(401);
    expect((await userinfo(first.access_token)).status).toBe(401);
  });

  it('refresh may narrow the scope but never widen it, and is bound to its client', async () => {
    const first = await login();
    await grantError(await refresh(first.refresh_token, { client_id: 'service-mcp' }), 'Refresh token was issued to another client');
    const wider = await expectError(await refresh(first.refresh_token, { scope: 'openid rag:write' }), 400, 'VALIDATION_ERROR', 'invalid_scope', 'Scope beyond the original grant: rag:write');
    expect(wider.error.details?.issues).toEqual([{ path: 'body.scope', message: 'Not granted: rag:write' }]);
    const narrower = TokenResponseSchema.parse(await (await refresh(first.refresh_token, { scope: 'email' })).json());
    expect(narrower.scope).toBe('email');
    // The refreshed pair still carries the whole grant: the next refresh may ask for all of it again.
    expect(TokenResponseSchema.parse(await (await refresh(narrower.refresh_token)).json()).scope).toBe('openid profile email');
  });

  it('expires access tokens after an hour and refresh tokens after 30 days of emulator time', async () => {
    const tokens = await login();
    await door.emulator.clock.advance(3600_000);
    expect(await (await userinfo(tokens.access_token)).json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Access token has expired', requestId: expect.any(String) } });
    const renewed = TokenResponseSchema.parse(await (await refresh(tokens.refresh_token)).json());
    expect((await userinfo(renewed.access_token)).status).toBe(200);
    await door.emulator.clock.advance(30 * 24 * 3600_000);
    await grantError(await refresh(renewed.refresh_token), 'Refresh token has expired');
  });

  it('revokes a refresh token with its whole grant (RFC 7009), answering 200', async () => {
    const tokens = await login();
    const res = await form('/oauth/revoke', { token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: 'service-cli' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    await grantError(await refresh(tokens.refresh_token), 'Refresh token has been revoked');
    expect((await userinfo(tokens.access_token)).status).toBe(401);
  });

  it('revokes an access token alone: later Bearer calls fail, the refresh token still works', async () => {
    const tokens = await login();
    const res = await door.fetch('/oauth/revoke', json({ token: tokens.access_token, token_type_hint: 'access_token' }));
    expect(res.status).toBe(200);
    expect(await userinfo(tokens.access_token).then((r) => r.json())).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid access token', requestId: expect.any(String) } });
    expect((await door.fetch('/api/v1/workspaces', { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
    const renewed = TokenResponseSchema.parse(await (await refresh(tokens.refresh_token)).json());
    expect((await userinfo(renewed.access_token)).status).toBe(200);
    // Any emulator-signed platform token can be revoked, the scenario's handle tokens included.
    const handleToken = door.emulator.handles.users.find((u) => u.id === 'user_carol')!.accessToken;
    expect((await userinfo(handleToken)).status).toBe(200);
    expect((await form('/oauth/revoke', { token: handleToken })).status).toBe(200);
    expect((await userinfo(handleToken)).status).toBe(401);
  });

  it('answers 200 for unknown or foreign tokens, and 400 when no token is sent', async () => {
    expect((await form('/oauth/revoke', { token: 'nothing-like-a-token' })).status).toBe(200);
    const tokens = await login();
    expect((await form('/oauth/revoke', { token: tokens.refresh_token, client_id: 'service-mcp' })).status).toBe(200);
    expect((await form('/oauth/revoke', { token: tokens.access_token, client_id: 'service-mcp' })).status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    expect((await userinfo(tokens.access_token)).status).toBe(200);
    const missing = await expectError(await form('/oauth/revoke', {}), 400, 'VALIDATION_ERROR', 'invalid_request', 'Invalid revocation request: token is required');
    expect(missing.error.details?.issues).toEqual([{ path: 'body.token', message: 'token is required' }]);
    await expectError(await form('/oauth/revoke', { token: 'x', client_id: 'nobody' }), 401, 'UNAUTHORIZED', 'invalid_client', 'Unknown client "nobody"');
  });

  it('answers 400 with the envelope, never a redirect, for an unknown client or a redirect URI not allowed', async () => {
    const unknown = await authorize({ client_id: 'nobody' });
    expect(unknown.headers.get('location')).toBeNull();
    expect(await unknown.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Unknown client "nobody"',
        details: { error: 'invalid_client', error_description: 'Unknown client "nobody"', issues: [{ path: 'query.client_id', message: 'Unknown client' }] },
        requestId: expect.any(String),
      },
    });
    expect(unknown.status).toBe(400);
    for (const uri of ['https://evil.example/cb', 'https://127.0.0.1:53682/callback', 'http://127.0.0.1:53682/callback#x']) {
      const res = await authorize({ redirect_uri: uri });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Envelope).error.details).toMatchObject({
        error: 'invalid_request',
        issues: [{ path: 'query.redirect_uri', message: 'Not registered for this client, and not a loopback http URI' }],
      });
    }
    await expectError(await authorize({ redirect_uri: undefined }), 400, 'VALIDATION_ERROR', 'invalid_request', 'redirect_uri is required');
    await expectError(await authorize({ client_id: undefined }), 400, 'VALIDATION_ERROR', 'invalid_request', 'client_id is required');
  });

  it('redirects the other authorize errors to the client with error, error_description and state', async () => {
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ code_challenge: undefined }, 'invalid_request', 'code_challenge is required (PKCE, RFC 7636)'],
      [{ code_challenge_method: 'plain' }, 'invalid_request', 'code_challenge_method must be S256; plain is not supported'],
      [{ code_challenge_method: undefined }, 'invalid_request', 'code_challenge_method must be S256; plain is not supported'],
      [{ code_challenge: 'short' }, 'invalid_request', 'code_challenge must be 43 base64url characters'],
      [{ response_type: 'token' }, 'unsupported_response_type', 'Only response_type=code is supported'],
      [{ response_type: undefined }, 'invalid_request', 'response_type is required'],
      [{ scope: 'openid admin' }, 'invalid_scope', 'Unknown scope: admin'],
      [{ login_hint: 'nobody@example.com' }, 'access_denied', 'No user matches login_hint "nobody@example.com"'],
      [{ approve: '0' }, 'access_denied', 'The user denied the request'],
    ];
    for (const [params, error, description] of cases) {
      const res = await authorize(params);
      expect(res.status).toBe(302);
      const url = location(res);
      expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
      expect(Object.fromEntries(url.searchParams)).toEqual({ error, error_description: description, state: 'st-123' });
    }
    const repeated = await door.fetch(`${authorizeQuery()}&scope=openid&scope=email`, { redirect: 'manual' });
    expect(Object.fromEntries(location(repeated).searchParams)).toEqual({ error: 'invalid_request', error_description: 'Parameter scope is repeated', state: 'st-123' });
  });

  it('shows a sign-in page listing every scenario user when there is no login_hint', async () => {
    const res = await authorize({ login_hint: undefined });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const links = [...html.matchAll(/<a href="([^"]+)">Sign in as ([^<]+)<\/a>/g)].map((m) => [m[2], new URL(m[1]!.replaceAll('&amp;', '&'))] as const);
    expect(links.map(([name]) => name)).toEqual(['Alice Moreau', 'Bob Okafor', 'Carol Nguyen', 'Dan Keller']);
    expect(links.map(([, url]) => url.searchParams.get('login_hint'))).toEqual(['user_alice', 'user_bob', 'user_carol', 'user_dan']);
    const [, carol] = links[2]!;
    expect(carol.origin).toBe(new URL(door.baseUrl).origin);
    expect(Object.fromEntries(carol.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'service-cli',
      redirect_uri: REDIRECT,
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      state: 'st-123',
      login_hint: 'user_carol',
    });
    // Following the link, as a browser would, completes the flow for Carol.
    const followed = await door.fetch(`${carol.pathname}${carol.search}`, { redirect: 'manual' });
    const tokens = TokenResponseSchema.parse(await (await exchange(location(followed).searchParams.get('code')!)).json());
    expect(((await (await userinfo(tokens.access_token)).json()) as { sub: string }).sub).toBe('user_carol');
  });

  it('with autoApprove false shows one Approve link; scenario clients use their registered URIs', async () => {
    const app = 'https://app.acme.example/oauth/callback';
    await door.emulator.loadScenario({
      name: 'oauth-manual',
      users: [{ id: 'user_zoe', email: 'zoe@example.com', name: 'Zoë <Admin>' }],
      settings: { oauth: { autoApprove: false, clients: [{ clientId: 'acme-desktop', name: 'Acme Desktop', redirectUris: [app] }] } },
    });
    try {
      const page = await authorize({ client_id: 'acme-desktop', redirect_uri: app, login_hint: 'user_zoe' });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Signed in as Zoë &lt;Admin&gt;.');
      expect(html).toContain('<strong>Acme Desktop</strong>');
      const approve = [...html.matchAll(/<a href="([^"]+)">Approve<\/a>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&')));
      expect(approve).toHaveLength(1);
      expect(approve[0]!.searchParams.get('approve')).toBe('1');
      const approved = await door.fetch(`${approve[0]!.pathname}${approve[0]!.search}`, { redirect: 'manual' });
      expect(approved.status).toBe(302);
      const back = location(approved);
      expect(`${back.origin}${back.pathname}`).toBe(app);
      const res = await form('/oauth/token', {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: app,
        client_id: 'acme-desktop',
        code_verifier: VERIFIER,
      });
      expect(res.status).toBe(200);
      const deny = /<a href="([^"]+)">Deny<\/a>/.exec(html)![1]!.replaceAll('&amp;', '&');
      const denied = await door.fetch(new URL(deny).pathname + new URL(deny).search, { redirect: 'manual' });
      expect(location(denied).searchParams.get('error')).toBe('access_denied');
      // The built-in clients may not use another client's registered URI.
      expect((await authorize({ redirect_uri: app, login_hint: 'user_zoe' })).status).toBe(400);
    } finally {
      await door.emulator.loadScenario('default');
    }
  });

  it('checks settings.oauth in scenario documents, each problem at its path', async () => {
    const res = await door.fetch(
      '/__emulator/scenario',
      json({ name: 'bad-oauth', settings: { oauth: { autoApprove: 'yes', clients: [{ clientId: 'bad id', redirectUris: ['https://x.example/cb#f', 'relative/path'] }] } } }),
    );
    expect(res.status).toBe(400);
    const paths = ((await res.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path);
    expect(paths).toEqual([
      'settings.oauth.autoApprove',
      'settings.oauth.clients[0].clientId',
      'settings.oauth.clients[0].redirectUris[0]',
      'settings.oauth.clients[0].redirectUris[1]',
    ]);
    expect((await authorize()).status).toBe(302);
  });

  it('refuses unreadable token requests with 400 and the RFC error in details', async () => {
    const missing = await expectError(await form('/oauth/token', {}), 400, 'VALIDATION_ERROR', 'invalid_request', 'grant_type is required');
    expect(missing.error.details?.issues).toEqual([{ path: 'body.grant_type', message: 'Required' }]);
    const password = await expectError(
      await form('/oauth/token', { grant_type: 'password', username: 'a', password: 'b' }),
      400,
      'VALIDATION_ERROR',
      'unsupported_grant_type',
      'Unsupported grant_type; use authorization_code or refresh_token',
    );
    expect(password.error.details?.issues).toEqual([{ path: 'body.grant_type', message: 'Expected one of authorization_code, refresh_token' }]);
    const noVerifier = await form('/oauth/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT, client_id: 'service-cli' });
    // RFC 6749 §5.2 body (no envelope), with the fields at fault in `issues`.
    expect(await noVerifier.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid token request: code_verifier is required',
      issues: [{ path: 'body.code_verifier', message: 'code_verifier is required' }],
    });
    const shortVerifier = await exchange('x', { code_verifier: 'abc' });
    expect(((await shortVerifier.json()) as { issues: unknown[] }).issues).toEqual([
      { path: 'body.code_verifier', message: 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~' },
    ]);
    const repeated = await door.fetch('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=service-cli',
    });
    await expectError(repeated, 400, 'VALIDATION_ERROR', 'invalid_request', 'Parameter refresh_token is repeated');
    const text = await door.fetch('/oauth/token', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'grant_type=refresh_token' });
    await expectError(text, 400, 'VALIDATION_ERROR', 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded or application/json');
    const malformed = await door.fetch('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    await expectError(malformed, 400, 'VALIDATION_ERROR', 'invalid_request', 'Malformed JSON body');
    const numeric = await door.fetch('/oauth/token', json({ grant_type: 'refresh_token', refresh_token: 5, client_id: 'service-cli' }));
    expect(((await numeric.json()) as { issues: unknown[] }).issues).toEqual([{ path: 'body.refresh_token', message: 'refresh_token must be a string' }]);
  });
});

describe('oauth across doors and drivers', () => {
  it('gives byte-identical codes and token claims (less the issuer, each door origin) through every door on every driver', () => {
    expect(flows.map((f) => f.label)).toEqual(MATRIX.map((m) => m.label));
    for (const flow of flows) expect(flow.bytes, flow.label).toBe(flows[0]!.bytes);
  });
});
