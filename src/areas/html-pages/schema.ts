// Path and query schemas of the html-pages, www-rag and local-sync routes (bodies live in src/types/content-crawl.ts).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { PageQuerySchema } from '../workspaces/public.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const CrawlParamsSchema = lazySchema(() => z.object({ crawlId: Id }));
export const PageParamsSchema = lazySchema(() => z.object({ pageId: Id }));
export const PageListQuerySchema = lazySchema(() => PageQuerySchema.extend({ host: z.string().check(z.minLength(1), z.maxLength(253)).optional() }));
export const MountParamsSchema = lazySchema(() => z.object({ workspaceId: Id }));
export const MountHostParamsSchema = lazySchema(() => z.object({ workspaceId: Id, host: z.string().check(z.minLength(1), z.maxLength(253)) }));
export const LocalSyncParamsSchema = lazySchema(() => z.object({ whitelabelId: Id }));
export const ThemeQuerySchema = lazySchema(() => z.object({ host: z.string().check(z.minLength(1), z.maxLength(253)) }));
export const DirectoryQuerySchema = lazySchema(() => z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }));
