// Path and query schemas of the html-pages, www-rag and local-sync routes (bodies live in src/types/content-crawl.ts).
import { z } from 'zod';
import { PageQuerySchema } from '../workspaces/public.js';

const Id = z.string().check(z.minLength(1), z.maxLength(200));

export const CrawlParamsSchema = z.object({ crawlId: Id });
export const PageParamsSchema = z.object({ pageId: Id });
export const PageListQuerySchema = PageQuerySchema.extend({ host: z.string().check(z.minLength(1), z.maxLength(253)).optional() });
export const MountParamsSchema = z.object({ workspaceId: Id });
export const MountHostParamsSchema = z.object({ workspaceId: Id, host: z.string().check(z.minLength(1), z.maxLength(253)) });
export const LocalSyncParamsSchema = z.object({ whitelabelId: Id });
export const ThemeQuerySchema = z.object({ host: z.string().check(z.minLength(1), z.maxLength(253)) });
export const DirectoryQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
