// GET /api/v1/quota: an end user's QuotaStatus (emulator-defined; the spec names the type only).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { notFound, validationError } from '../../core/errors.js';
import { defineRoute, type EndUserPrincipal, type RouteDef } from '../../core/route.js';
import type { EmbedAuth } from '../embed-auth/public.js';
import { ServedTierLimitsSchema } from '../embed-auth/public.js';
import type { ReleaseStore } from '../releases/public.js';

const QuotaQuery = lazySchema(() => z.object({ releaseId: z.string().min(1).max(200).optional() }));

const Counters = lazySchema(() => z.object({ messagesThisMonth: z.number(), messagesToday: z.number(), messagesThisHour: z.number() }));
export const QuotaAnswerSchema = lazySchema(() => z.object({
  tier: z.string(),
  usage: Counters.extend({ currentConversationLength: z.number() }),
  remaining: Counters,
  exceeded: z.boolean(),
  limits: ServedTierLimitsSchema,
}));

export function quotaRoutes(auth: EmbedAuth, releases: ReleaseStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/quota',
      tag: 'chat',
      summary: 'The caller’s tier, usage today and this month, what remains, and whether a limit is reached',
      auth: { kind: 'endUser' },
      emulatorDefined: true,
      query: QuotaQuery,
      response: QuotaAnswerSchema,
      handler: async ({ principal, query }) => {
        const user = principal as EndUserPrincipal;
        let workspaceId = user.workspaceId;
        if (!workspaceId) {
          if (!query.releaseId) throw validationError('releaseId is required for this identity', [{ path: 'query.releaseId', message: 'Required' }]);
          const release = await releases.get(query.releaseId);
          if (!release) throw notFound('Release');
          workspaceId = release.workspaceId;
        }
        const { limits, status } = await auth.quotaOf(user, workspaceId);
        return { ...status, limits };
      },
    }),
  ];
}
