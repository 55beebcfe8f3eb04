// The sign-in exchange routes, outside /api/v1 as the spec lists them: /embed/login,
// /embed/validate-login and /embed/refresh. (The public `/white-label-release/{releaseId}` is
// served by the releases area.)
import { defineRoute, type RouteDef } from '../../core/route.js';
import { LoginAnswerSchema, LoginSchema, RefreshAnswerSchema, RefreshSchema, ValidateLoginAnswerSchema, ValidateLoginSchema } from './schema.js';
import { serverSideOnly } from './errors.js';
import type { EmbedAuth } from './service.js';
import { apiKeyFromRequest } from '../../core/auth.js';

const TAG = 'auth';

async function lenientJson(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text()) as unknown;
  } catch {
    return undefined;
  }
}

export function embedAuthRoutes(auth: EmbedAuth): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/embed/login',
      tag: TAG,
      summary: 'Server-side login of an external user with a workspace API key: a 7-day refresh token',
      auth: { kind: 'none' },
      realClient: 'divinci-ai/Examples embed/HowToEmbed.md, embed/MembershipTiers.md, embed/external-login-ssr/server/divinci.js',
      body: LoginSchema,
      response: LoginAnswerSchema,
      handler: ({ body, request }) => {
        if (request.headers.has('origin')) throw serverSideOnly();
        return auth.login(body.apikey ?? apiKeyFromRequest(request), body);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/embed/validate-login',
      tag: TAG,
      summary: 'Trade a refresh token for a 30-minute access token; every failure is 200 {valid: false}',
      auth: { kind: 'none' },
      bodyDoc: { schema: ValidateLoginSchema, mediaTypes: ['application/json'] },
      response: ValidateLoginAnswerSchema,
      handler: async ({ request }) => {
        const parsed = ValidateLoginSchema.safeParse(await lenientJson(request));
        if (!parsed.success) return { valid: false };
        return auth.validateLogin(parsed.data);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/embed/refresh',
      tag: TAG,
      summary: 'Rotate a refresh token: a new one extending the 7-day session; no access token',
      auth: { kind: 'none' },
      emulatorDefined: true,
      body: RefreshSchema,
      response: RefreshAnswerSchema,
      handler: ({ body }) => auth.refresh(body.refreshToken),
    }),
  ];
}
