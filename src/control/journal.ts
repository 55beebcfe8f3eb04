// GET / DELETE /__emulator/requests: the request journal, filtered, and clearing it.
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import { JOURNAL_CAPACITY } from './request-journal.js';
import type { ControlPort } from './port.js';

const control = { tag: 'emulator-control', auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;

export const JournalQuerySchema = lazySchema(() => z
  .object({
    method: z.string().regex(/^[A-Za-z]+$/).optional(),
    path: z.string().startsWith('/', 'A path glob starts with /').optional(),
    status: z
      .string()
      .regex(/^([1-5][0-9][0-9]|[1-5]xx|0)$/i, 'A status (e.g. 404) or a class (e.g. 4xx)')
      .transform((s) => (/^\d+$/.test(s) ? Number(s) : s.toLowerCase()))
      .optional(),
    keyId: z.string().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(JOURNAL_CAPACITY).optional(),
  })
  .strict());

export const JournalEntrySchema = lazySchema(() => z.object({
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  keyId: z.string().nullable(),
  at: z.iso.datetime(),
  durationMs: z.number().nonnegative(),
  faultId: z.string().optional(),
}));

export const JournalListSchema = lazySchema(() => z.object({ data: z.array(JournalEntrySchema), hasMore: z.boolean(), total: z.number().int() }));

export function journalRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/requests',
      summary: 'The request journal, oldest first: method, path, status, key id, emulator time, wall duration',
      query: JournalQuerySchema,
      response: JournalListSchema,
      handler: ({ query }) => {
        const { entries, matched } = world.journal.query(query);
        return { data: entries, hasMore: matched > entries.length, total: matched };
      },
    }),
    defineRoute({
      ...control,
      method: 'DELETE',
      path: '/__emulator/requests',
      summary: 'Clear the request journal',
      response: lazySchema(() => z.object({ cleared: z.number().int() })),
      handler: () => ({ cleared: world.journal.clear() }),
    }),
  ];
}
