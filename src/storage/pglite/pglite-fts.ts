// Full-text search of RAG chunks on Postgres (PGlite): an expression GIN index over
// to_tsvector('english', content), ranked by ts_rank normalised to rank / (rank + 1).
import type { ChunkTextQuery, SqlValue } from '../storage.js';

export const FTS_STATEMENTS = [
  `CREATE INDEX IF NOT EXISTS rag_chunks_fts ON rag_chunks USING GIN (to_tsvector('english', content))`,
];

/** A tsquery of the terms, any may match; terms are plain words, so nothing else can leak in. */
export function tsQuery(terms: string[]): string {
  return terms
    .map((t) => t.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .join(' | ');
}

export function chunkSearchSql(query: ChunkTextQuery): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [tsQuery(query.terms), query.workspaceId];
  let filters = '';
  if (query.fileId !== undefined) {
    params.push(query.fileId);
    filters += ` AND c.file_id = $${params.length}`;
  }
  if (query.targetId !== undefined) {
    params.push(query.targetId);
    filters += ` AND c.target_id = $${params.length}`;
  }
  params.push(query.limit);
  const sql = `SELECT c.id AS chunk_id, ts_rank(to_tsvector('english', c.content), q.query, 32) AS rank
    FROM rag_chunks c JOIN rag_files f ON f.id = c.file_id, to_tsquery('english', $1) AS q(query)
    WHERE to_tsvector('english', c.content) @@ q.query AND c.workspace_id = $2 AND f.status = 'completed'${filters}
    ORDER BY rank DESC, c.file_seq, c.position LIMIT $${params.length}`;
  return { sql, params };
}
