// Each tenant's own OAuth routes under its prefix (REAL-WIRE section 9: `/{whitelabelId}/authorize`,
// `/token`, `/callback`, `/register` and `/.well-known/oauth-authorization-server/{whitelabelId}`):
// the oauth area's authorization server answering there (same codes, clients and signer), so the
// MCP SDK's discovery (RFC 9728 → RFC 8414 path form) finds and completes sign-in on its own.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import type { AreaContext } from '../../core/area.js';
import { defineRoute, type RouteDef, type RouteInput } from '../../core/route.js';
import { oauthRoutes } from '../oauth/public.js';
import { mcpTenantNotFound } from './errors.js';
import { tenantOf } from './server-routes.js';

const TAG = 'mcp-config';
const REAL = 'https://sdk.divinci.ai/mcp/whitelabel-servers/ (per-tenant /authorize, /token, /callback, /register, /.well-known/oauth-*)';
const Params = lazySchema(() => z.object({ whitelabelId: z.string().min(1).max(200) }));
const CallbackQuery = lazySchema(() => z.object({ code: z.string().max(500).optional(), state: z.string().max(2000).optional(), error: z.string().max(200).optional() }).loose());

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

export function tenantOAuthRoutes(ctx: AreaContext): RouteDef[] {
  const central = oauthRoutes({ store: ctx.area('oauth').store, clients: ctx.area('oauth').clients, settings: () => ctx.settings().oauth, signer: () => ctx.signer() });
  const find = (method: string, path: string) => {
    const route = central.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`oauth route ${method} ${path} is missing`);
    return route;
  };
  const known = async (input: RouteInput<unknown, unknown, unknown>) => {
    if (!(await tenantOf(ctx, (input.params as z.infer<typeof Params>).whitelabelId, input.request))) throw mcpTenantNotFound();
  };
  /** The central route under the tenant's prefix: same validation, same handler, after the tenant is known. */
  const under = (method: 'GET' | 'POST', centralPath: string, path: string, summary: string): RouteDef => {
    const route = find(method, centralPath);
    return {
      ...route,
      path,
      tag: TAG,
      summary,
      params: Params,
      realClient: REAL,
      emulatorDefined: false,
      handler: async (input) => {
        await known(input);
        return route.handler(input);
      },
    };
  };
  const discovery = find('GET', '/.well-known/oauth-authorization-server');
  return [
    defineRoute({
      method: 'GET',
      path: '/.well-known/oauth-authorization-server/:whitelabelId',
      tag: TAG,
      summary: 'A tenant\'s authorization server metadata (RFC 8414 §3.1 path form): its endpoints under /{whitelabelId}/',
      auth: { kind: 'none' },
      realClient: 'modelcontextprotocol/typescript-sdk src/client/auth.ts (buildDiscoveryUrls)',
      params: Params,
      ...(discovery.response && { response: discovery.response }),
      handler: async (input) => {
        await known(input);
        const doc = (await discovery.handler(input)) as Record<string, unknown>;
        const base = `${new URL(input.request.url).origin}/${(input.params as z.infer<typeof Params>).whitelabelId}`;
        return { ...doc, issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, registration_endpoint: `${base}/register` };
      },
    }),
    under('GET', '/oauth/authorize', '/:whitelabelId/authorize', 'A tenant\'s authorization request (PKCE S256): redirects with a code, or shows the sign-in page'),
    under('POST', '/oauth/authorize', '/:whitelabelId/authorize', 'The sign-in form of a tenant\'s authorize page'),
    under('POST', '/oauth/token', '/:whitelabelId/token', 'A tenant\'s token endpoint: authorization_code and refresh_token grants'),
    under('POST', '/oauth/register', '/:whitelabelId/register', 'A tenant\'s dynamic client registration (RFC 7591)'),
    defineRoute({
      method: 'GET',
      path: '/:whitelabelId/callback',
      tag: TAG,
      summary: 'Where a tenant\'s sign-in lands when the client names it as redirect: a page showing the code (or the error)',
      auth: { kind: 'none' },
      emulatorDefined: true,
      params: Params,
      query: CallbackQuery,
      mediaType: 'text/html',
      handler: async (input) => {
        await known(input);
        const query = input.query as z.infer<typeof CallbackQuery>;
        const line = query.error !== undefined ? `Sign-in failed: ${escapeHtml(query.error)}` : query.code !== undefined ? `Signed in. Code: <code>${escapeHtml(query.code)}</code>` : 'Nothing to show: no code and no error.';
        const html = `<!doctype html><html><head><meta charset="utf-8"><title>Tool-server sign-in</title></head><body><p>${line}</p></body></html>`;
        return new Response(html, { status: query.error !== undefined || query.code === undefined ? 400 : 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
      },
    }),
  ];
}
