// The sign-in exchange routes, outside /api/v1 as the spec lists them: /embed/login,
// /embed/validate-login, /embed/refresh and /white-label-release/{releaseId}.
import { notFound } from '../../core/errors.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import { releaseOut, type ReleaseStore } from '../releases/store.js';
import { LoginAnswerSchema, LoginSchema, RefreshAnswerSchema, RefreshSchema, ReleaseParamsSchema, ValidateLoginAnswerSchema, ValidateLoginSchema } from './schema.js';
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

export function embedAuthRoutes(auth: EmbedAuth, releases: ReleaseStore): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/embed/login',
      tag: TAG,
      summary: 'Server-side login of an external user with a workspace API key: a 7-day refresh token',
      auth: { kind: 'none' },
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
    defineRoute({
      method: 'GET',
      path: '/white-label-release/:releaseId',
      tag: 'releases',
      summary: 'A release record whose target names its owning workspace; no auth',
      auth: { kind: 'none' },
      params: ReleaseParamsSchema,
      handler: async ({ params }) => {
        const release = await releases.get(params.releaseId);
        if (!release) throw notFound('Release');
        return { ...releaseOut(release), target: release.workspaceId };
      },
    }),
  ];
}
