// @modelcontextprotocol/sdk client auth (stock) against the emulator through both doors:
// RFC 9728 protected-resource metadata (found from a 401's WWW-Authenticate too), RFC 8414
// discovery, RFC 7591 registration, and auth() with an OAuthClientProvider of the tests (mcp-provider.ts), the
// browser step played by a person at the sign-in page. The SDK's fetchFn carries every call.
import {
  auth,
  discoverAuthorizationServerMetadata,
  discoverOAuthMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractResourceMetadataUrl,
  parseErrorResponse,
  registerClient,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { InvalidGrantError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryProvider } from './mcp-provider.js';
import { REDIRECT_URI, realClockDoor, signInAt } from './person.js';

const fetchFn = (url: string | URL, init?: RequestInit) => fetch(url, init);

/** A provider that keeps everything in memory and remembers where it was sent to sign in. */
describe.each(['http', 'msw'] as const)('MCP SDK client auth through the %s door', (doorName) => {
  let ctx: Awaited<ReturnType<typeof realClockDoor>>;
  let origin: string;

  beforeAll(async () => {
    ctx = await realClockDoor(doorName);
    origin = new URL(ctx.door.baseUrl).origin;
  });
  afterAll(() => ctx.close());

  it('finds the resource metadata from a Bearer 401, at the root and path-suffixed for /mcp', async () => {
    const denied = await fetchFn(`${origin}/api/v1/workspaces`);
    expect(denied.status).toBe(401);
    expect(extractResourceMetadataUrl(denied)?.href).toBe(`${origin}/.well-known/oauth-protected-resource`);
    const root = await discoverOAuthProtectedResourceMetadata(origin, {}, fetchFn);
    expect(root).toMatchObject({ resource: origin, authorization_servers: [origin] });
    const mcp = await discoverOAuthProtectedResourceMetadata(`${origin}/mcp`, {}, fetchFn);
    expect(mcp).toMatchObject({ resource: `${origin}/mcp`, authorization_servers: [origin] });
  });

  it('discovers the authorization server both ways', async () => {
    const metadata = await discoverAuthorizationServerMetadata(origin, { fetchFn });
    expect(metadata).toMatchObject({ issuer: origin, registration_endpoint: `${origin}/oauth/register`, code_challenge_methods_supported: ['S256'] });
    const legacy = await discoverOAuthMetadata(origin, {}, fetchFn);
    expect(legacy?.token_endpoint).toBe(`${origin}/oauth/token`);
  });

  it('registers a public client (RFC 7591)', async () => {
    const metadata = await discoverAuthorizationServerMetadata(origin, { fetchFn });
    const info = await registerClient(origin, { metadata: metadata!, clientMetadata: new MemoryProvider('MCP interop').clientMetadata, fetchFn });
    expect(info).toMatchObject({ client_name: 'MCP interop', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' });
    expect(info.client_id).toMatch(/^client_/);
    expect(info.client_secret).toBeUndefined();
    // A non-loopback http redirect is refused the RFC 7591 way, which the SDK parses.
    await expect(registerClient(origin, { metadata: metadata!, clientMetadata: { redirect_uris: ['http://evil.example/cb'] }, fetchFn })).rejects.toThrow(/loopback/);
  });

  it('auth() registers, sends the person to sign in, and trades the code for tokens bound to the resource', async () => {
    const provider = new MemoryProvider('MCP interop');
    const serverUrl = `${origin}/mcp`;
    expect(await auth(provider, { serverUrl, fetchFn })).toBe('REDIRECT');
    expect(provider.client?.client_id).toMatch(/^client_/);
    const callback = await signInAt(provider.sentTo!, 'user_carol');
    const code = callback.searchParams.get('code')!;
    expect(await auth(provider, { serverUrl, authorizationCode: code, fetchFn })).toBe('AUTHORIZED');
    const tokens = provider.saved!;
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: origin, sub: 'user_carol' });
    expect(claims.aud).toEqual(['service-api', serverUrl]);
    const me = await fetchFn(`${origin}/oauth/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(((await me.json()) as { sub: string }).sub).toBe('user_carol');
    // With tokens saved, auth() refreshes instead of redirecting.
    expect(await auth(provider, { serverUrl, fetchFn })).toBe('AUTHORIZED');
  });

  it('reads the token endpoint errors as OAuth errors', async () => {
    const res = await fetchFn(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'ort_unknown', client_id: 'service-mcp' }),
    });
    expect(res.status).toBe(400);
    const error = await parseErrorResponse(res);
    expect(error).toBeInstanceOf(InvalidGrantError);
    expect(error.message).toBe('Unknown refresh token');
  });
});
