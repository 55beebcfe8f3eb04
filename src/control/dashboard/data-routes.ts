// The dashboard's data routes (emulator-defined, read-only, JSON, paged): the state browser
// (GET /__emulator/dashboard/state/{kind}) and the journal with its request and answer bodies,
// secrets masked (GET /__emulator/dashboard/requests, …/requests/{seq}). Like every control
// route they act on the world the `x-emulator-world` header names.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { notFound } from '../../core/errors.js';
import { defineRoute, type RouteDef } from '../../core/route.js';
import type { ControlPort } from '../port.js';
import { JOURNAL_CAPACITY } from '../request-journal.js';
import { JournalEntrySchema } from '../journal.js';
import { STATE_KINDS, statePage } from './state-browser.js';

const control = { tag: 'emulator-control', auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;

export const STATE_PAGE_MAX = 200;

const StateParamsSchema = lazySchema(() => z.object({ kind: z.enum(STATE_KINDS) }));
const StateQuerySchema = lazySchema(() => z
  .object({
    limit: z.coerce.number().int().min(1).max(STATE_PAGE_MAX).default(50),
    /** The offset of the page's first row, as `nextCursor` gave it. */
    cursor: z.string().regex(/^\d{1,9}$/, 'A cursor is the nextCursor of the previous page').optional(),
    workspaceId: z.string().min(1).max(200).optional(),
  })
  .strict());

export const StatePageSchema = lazySchema(() => z.object({
  kind: z.enum(STATE_KINDS),
  data: z.array(z.record(z.string(), z.unknown())),
  hasMore: z.boolean(),
  nextCursor: z.string().optional(),
  total: z.number().int(),
}));

const NumberedEntrySchema = lazySchema(() => JournalEntrySchema.extend({
  seq: z.number().int(),
  hasExchange: z.boolean(),
}));

const BodySchema = lazySchema(() => z.object({
  contentType: z.string().nullable(),
  text: z.string().nullable(),
  truncated: z.boolean(),
  note: z.string().optional(),
}));
const HeadersSchema = lazySchema(() => z.array(z.tuple([z.string(), z.string()])));

export const JournalExchangeSchema = lazySchema(() => z.object({
  entry: NumberedEntrySchema,
  request: z.object({ headers: HeadersSchema, body: BodySchema }).nullable(),
  response: z.object({ headers: HeadersSchema, body: BodySchema }).nullable(),
}));

export function dashboardDataRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/dashboard/state/:kind',
      summary:
        'State browser: a page of workspaces, users, keys (prefix only, never secrets), transcripts, releases, rag-targets, rag-files or jobs (due time, due or not)',
      params: StateParamsSchema,
      query: StateQuerySchema,
      response: StatePageSchema,
      handler: async ({ params, query }) => {
        const offset = Number(query.cursor ?? 0);
        const page = await statePage(world.storage, params.kind, { limit: query.limit, offset, ...(query.workspaceId !== undefined && { workspaceId: query.workspaceId }) }, world.clock.now());
        const hasMore = offset + page.data.length < page.total;
        return { kind: params.kind, data: page.data, hasMore, ...(hasMore && { nextCursor: String(offset + page.data.length) }), total: page.total };
      },
    }),
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/dashboard/requests',
      summary: 'The request journal with each entry’s seq (to open it), the newest `limit` entries, oldest first',
      query: lazySchema(() => z.object({ limit: z.coerce.number().int().min(1).max(JOURNAL_CAPACITY).optional() }).strict()),
      response: lazySchema(() => z.object({ data: z.array(NumberedEntrySchema), hasMore: z.boolean(), total: z.number().int() })),
      handler: ({ query }) => {
        const { entries, total } = world.journal.numbered(query.limit);
        return { data: entries, hasMore: total > entries.length, total };
      },
    }),
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/dashboard/requests/:seq',
      summary: 'One journal entry opened: request and answer headers and bodies (text, first 16 KB), secrets masked',
      params: lazySchema(() => z.object({ seq: z.coerce.number().int().min(1) })),
      response: JournalExchangeSchema,
      handler: async ({ params }) => {
        const found = await world.journal.exchange(params.seq);
        if (!found) throw notFound('Journal entry');
        const { entry, exchange } = found;
        return {
          entry,
          request: exchange && { headers: exchange.requestHeaders, body: exchange.requestBody },
          response: exchange && { headers: exchange.responseHeaders, body: exchange.responseBody },
        };
      },
    }),
  ];
}
