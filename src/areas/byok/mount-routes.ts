// BYOK on the workspace mount (REAL-WIRE section 8; demo-pipeline targets/cloudflare/src/divinci.js
// registerVector): `POST /white-label/{ws}/tools/byok/keys {name, providerId, auth}` → `_id`, over
// the same store as /api/v1/byok. The credential object is write-only, kept as a hash like a key.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { forbidden } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import type { CreateByokInput } from './schema.js';
import type { ByokStore } from './store.js';

export const MountByokCreateSchema = lazySchema(() => z
  .object({
    name: z.string().trim().min(1).max(200),
    /** The real service's provider ids (e.g. `TURSO_LIBSQL`): any upper-case id, stored as given. */
    providerId: z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,99}$/, 'A provider id such as TURSO_LIBSQL or OPENAI'),
    /** The provider's credential fields (e.g. `{databaseUrl, authToken}`): at least one non-empty string. */
    auth: z
      .record(z.string().max(100), z.union([z.string().max(4096), z.number(), z.boolean(), z.null()]))
      .refine((auth) => Object.values(auth).some((v) => typeof v === 'string' && v.length > 0), 'Give at least one credential field'),
  })
  .strict());

/** The secret part of a credential object, in key order: what is hashed and hinted. */
const secretOf = (auth: Record<string, unknown>) =>
  Object.keys(auth)
    .sort()
    .map((k) => `${k}=${String(auth[k])}`)
    .join('\n');

export function byokMountRoutes(store: ByokStore): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/white-label/:workspaceId/tools/byok/keys',
      tag: 'byok',
      summary: 'Store a provider credential on the workspace mount `{name, providerId, auth}` → `_id` (auth is write-only)',
      auth: { kind: 'workspace', level: 'admin', param: 'workspaceId', permission: 'byok:write' },
      realClient: 'divinci-ai/divinci-demo-pipeline-oss targets/cloudflare/src/divinci.js (registerVector)',
      params: lazySchema(() => z.object({ workspaceId: z.string().min(1).max(200) })),
      body: MountByokCreateSchema,
      handler: async ({ principal, body }) => {
        if (principal.kind === 'apiKey') throw forbidden('The /white-label workspace mount takes a user’s Bearer token, not an API key');
        // The mount's provider ids are the real service's; the store keeps them as given.
        const input = { provider: body.providerId as CreateByokInput['provider'], key: secretOf(body.auth), name: body.name };
        const credential = await store.create(workspaceOf(principal), input);
        return { _id: credential.id, ...credential, providerId: body.providerId };
      },
    }),
  ];
}
