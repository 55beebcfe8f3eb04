// Context retrieval for chat replies: the RAG area's vector retrieval over the release's
// `config.ragCollectionIds`, with each chunk's file title and `sourceUrl` backlink added.
import type { RagFileStore } from '../rag-files/public.js';
import type { RagSearchStore } from '../rag-search/public.js';
import type { RagTargetStore, TargetRow } from '../rag-targets/public.js';
import type { ContextEntry } from './reply-generator.js';

export interface ContextRetriever {
  retrieve(workspaceId: string, collectionIds: string[], query: string): Promise<ContextEntry[]>;
}

export class RagContextRetriever implements ContextRetriever {
  constructor(
    private readonly search: RagSearchStore,
    private readonly targets: RagTargetStore,
    private readonly files: RagFileStore,
  ) {}

  async retrieve(workspaceId: string, collectionIds: string[], query: string): Promise<ContextEntry[]> {
    const rows: TargetRow[] = [];
    // Collections deleted since the release was configured are skipped, not an error.
    for (const id of collectionIds) {
      const row = await this.targets.row(workspaceId, id);
      if (row) rows.push(row);
    }
    if (rows.length === 0) return [];
    const result = await this.search.context(rows, query, undefined);
    const out: ContextEntry[] = [];
    for (const chunk of result.chunks) {
      const file = chunk.fileId ? await this.files.row(workspaceId, chunk.fileId) : undefined;
      out.push({
        ...chunk,
        ...(file && { title: String(file.title) }),
        ...(file && file.source_url !== null && { sourceUrl: String(file.source_url) }),
      });
    }
    return out;
  }
}

export function collectionIdsOf(config: Record<string, unknown>): string[] {
  const ids = config.ragCollectionIds;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
}
