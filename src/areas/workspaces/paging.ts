// PaginatedResponse<T> for the emulator-defined management lists: `limit` with an opaque `cursor`
// (or a 1-based `page`), answered as {data, hasMore, nextCursor?, total}.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';

export const PAGE_DEFAULT_LIMIT = 20;
export const PAGE_MAX_LIMIT = 100;

export const PageQuerySchema = lazySchema(() => z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(PAGE_DEFAULT_LIMIT),
  cursor: z.string().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
}));
export type PageQuery = z.infer<typeof PageQuerySchema>;

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  total: number;
}

/** A cursor is the base64 of `o:<offset>`: opaque to clients, stable across runs. */
export function encodeCursor(offset: number): string {
  return btoa(`o:${offset}`);
}

export function decodeCursor(cursor: string): number {
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    text = '';
  }
  const match = /^o:(\d{1,9})$/.exec(text);
  if (!match) throw validationError('Invalid query', [{ path: 'query.cursor', message: 'Unknown cursor' }]);
  return Number(match[1]);
}

/** Where a page starts: the cursor wins over the page number. */
export function pageOffset(query: PageQuery): number {
  if (query.cursor !== undefined) return decodeCursor(query.cursor);
  return ((query.page ?? 1) - 1) * query.limit;
}

/** One page of an already ordered list. */
export function paginate<T>(items: T[], query: PageQuery): Page<T> {
  const offset = pageOffset(query);
  const data = items.slice(offset, offset + query.limit);
  const end = offset + data.length;
  const hasMore = end < items.length;
  return { data, hasMore, ...(hasMore && { nextCursor: encodeCursor(end) }), total: items.length };
}

/** The response schema of a PaginatedResponse<T> list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().optional(), total: z.number().int().nonnegative() });
}
