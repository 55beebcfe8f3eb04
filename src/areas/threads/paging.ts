// Lists of the threads and model-edits areas: `{docs, pagination}` like the documented lists
// (notifications, transcripts), beside the PaginatedResponse fields the emulator's lists answer.
import type { z } from 'zod';
import { paginate, type PageQuerySchema } from '../workspaces/public.js';

type PageQuery = z.infer<typeof PageQuerySchema>;

export interface DocsPage<T> {
  docs: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasMore: boolean };
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  total: number;
}

/** One page of an ordered list in both shapes; `page` or the opaque `cursor` picks where it starts. */
export function docsList<T>(items: T[], query: PageQuery): DocsPage<T> {
  const page = paginate(items, query);
  // paginate has checked the cursor: it is the base64 of `o:<offset>`.
  const offset = query.cursor !== undefined ? Number(atob(query.cursor).slice(2)) : ((query.page ?? 1) - 1) * query.limit;
  return {
    docs: page.data,
    pagination: {
      page: Math.floor(offset / query.limit) + 1,
      limit: query.limit,
      total: page.total,
      totalPages: Math.ceil(page.total / query.limit),
      hasMore: page.hasMore,
    },
    ...page,
  };
}
