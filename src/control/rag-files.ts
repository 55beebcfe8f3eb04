// GET /__emulator/rag/files: where every RAG file of every workspace stands in the indexing
// pipeline, and when its vectors become searchable (what the dashboard shows).
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import type { ControlPort } from './port.js';
import { RagDocumentStatusSchema } from '../types/rag.js';

const control = { tag: 'emulator-control', auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;

export const RagFileStateSchema = lazySchema(() => z.object({
  workspaceId: z.string(),
  targetId: z.string(),
  targetTitle: z.string().nullable(),
  fileId: z.string(),
  title: z.string(),
  originalName: z.string(),
  /** The document status of the spec. */
  status: RagDocumentStatusSchema,
  /** The status, or `searchable` once a completed file's vectors are visible to search. */
  state: z.enum([...RagDocumentStatusSchema.options, 'searchable']),
  /** The real chunk count, lazy-count mode or not; null until chunked. */
  chunksCount: z.number().int().nullable(),
  error: z.string().nullable(),
  /** When the file became searchable, or (once completed) will; null while not known. */
  searchableAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
}));

export const RagFileStateListSchema = lazySchema(() => z.object({ data: z.array(RagFileStateSchema), hasMore: z.boolean(), total: z.number().int() }));

export function ragFileStateRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/rag/files',
      summary: 'Every RAG file of every workspace: its pipeline state, chunk count and when it becomes searchable',
      response: RagFileStateListSchema,
      handler: async () => {
        const data = await world.ragFileStates();
        return { data, hasMore: false, total: data.length };
      },
    }),
  ];
}
