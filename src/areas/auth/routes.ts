// POST /api/v1/auth/validate-key: the key's user context, behind per-address rate limiting and a
// lockout after repeated failures (thresholds in the scenario's settings.validateKey).
import type { Clock } from '../../clock/clock.js';
import { EmulatorError, errorResponse, unauthorized, validationError } from '../../core/errors.js';
import { MINUTE_MS, rateLimitedError, type RateLimiter } from '../../core/rate-limiter.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import type { ApiKeyStore } from '../api-keys/public.js';
import type { WorkspaceStore } from '../workspaces/public.js';
import { ValidateKeyAnswerSchema, ValidateKeyBodySchema } from './schema.js';
import type { LockoutPolicy, LockoutStore } from './store.js';
import { apiKeyFromRequest } from '../../core/auth.js';

export interface ValidateKeyDeps {
  clock: Clock;
  keys: ApiKeyStore;
  workspaces: WorkspaceStore;
  lockouts: LockoutStore;
  limiter: RateLimiter;
  policy: () => LockoutPolicy & { perMinute: number };
}

async function keyFromRequest(request: Request): Promise<string | undefined> {
  // x-api-key, or a key as Bearer (REAL-WIRE section 1), before the body form.
  const header = apiKeyFromRequest(request);
  if (header) return header;
  const text = await request.text();
  if (!text) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationError('Malformed JSON body', [{ path: 'body', message: 'Body is not valid JSON' }]);
  }
  const parsed = ValidateKeyBodySchema.safeParse(body);
  if (!parsed.success) throw validationError('Invalid body', [{ path: 'body.apiKey', message: 'Expected a string' }]);
  return parsed.data.apiKey;
}

export function validateKeyRoutes(deps: ValidateKeyDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/auth/validate-key',
      tag: 'auth',
      summary: 'Validate an API key (x-api-key or body {apiKey}) and return its context',
      auth: { kind: 'none' },
      emulatorDefined: true,
      bodyDoc: { schema: ValidateKeyBodySchema, mediaTypes: ['application/json'], required: false },
      response: ValidateKeyAnswerSchema,
      handler: async ({ request, clientIp }) => {
        const now = deps.clock.now();
        const policy = deps.policy();
        const until = await deps.lockouts.lockedUntil(clientIp);
        if (until !== undefined) {
          throw rateLimitedError({ allowed: false, limit: policy.maxFailures, remaining: 0, resetAt: until }, now, 'Too many failed key validations from this address');
        }
        const decision = deps.limiter.hit(`ip:${clientIp}:validate-key`, policy.perMinute, MINUTE_MS, now);
        if (!decision.allowed) throw rateLimitedError(decision, now);

        const secret = await keyFromRequest(request);
        const key = secret ? await deps.keys.findBySecret(secret) : undefined;
        if (!key || key.status !== 'active') {
          // Answered, not thrown: the failure must be recorded even though the call fails.
          await deps.lockouts.recordFailure(clientIp, policy);
          const reason = !secret ? 'API key required' : !key ? 'Invalid API key' : `API key has ${key.status === 'revoked' ? 'been revoked' : 'expired'}`;
          return errorResponse(unauthorized(reason));
        }
        const workspace = await deps.workspaces.get(key.workspaceId);
        if (!workspace) throw new EmulatorError('INTERNAL_ERROR', 'key without workspace');
        return {
          valid: true,
          workspaceId: key.workspaceId,
          keyId: key.id,
          permissions: key.permissions,
          key: { id: key.id, name: key.name, keyPrefix: key.keyPrefix, status: key.status },
          workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug },
        };
      },
    }),
  ];
}
