// Full-text search of RAG chunks on SQLite: an FTS5 table (porter stemming) kept in step with
// rag_chunks by triggers, so loads, deletes and serialize/deserialize snapshots all carry it.
import type { ChunkTextHit, ChunkTextQuery, SqlValue } from '../storage.js';

export const FTS_STATEMENTS = [
  `CREATE VIRTUAL TABLE IF NOT EXISTS rag_chunks_fts USING fts5(content, tokenize = 'porter unicode61')`,
  `CREATE TRIGGER IF NOT EXISTS rag_chunks_fts_insert AFTER INSERT ON rag_chunks BEGIN
     INSERT INTO rag_chunks_fts (rowid, content) VALUES (new.rowid, new.content);
   END`,
  `CREATE TRIGGER IF NOT EXISTS rag_chunks_fts_delete AFTER DELETE ON rag_chunks BEGIN
     DELETE FROM rag_chunks_fts WHERE rowid = old.rowid;
   END`,
  `CREATE TRIGGER IF NOT EXISTS rag_chunks_fts_update AFTER UPDATE OF content ON rag_chunks BEGIN
     UPDATE rag_chunks_fts SET content = new.content WHERE rowid = old.rowid;
   END`,
];

/** The FTS5 match expression: each term quoted (so no query syntax leaks through), any may match. */
export function ftsMatch(terms: string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

export function chunkSearchSql(query: ChunkTextQuery): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [ftsMatch(query.terms), query.workspaceId];
  let filters = '';
  if (query.fileId !== undefined) {
    filters += ' AND c.file_id = ?';
    params.push(query.fileId);
  }
  if (query.targetId !== undefined) {
    filters += ' AND c.target_id = ?';
    params.push(query.targetId);
  }
  params.push(query.limit);
  const sql = `SELECT c.id AS chunk_id, -bm25(rag_chunks_fts) AS rank
    FROM rag_chunks_fts JOIN rag_chunks c ON c.rowid = rag_chunks_fts.rowid
    JOIN rag_files f ON f.id = c.file_id
    WHERE rag_chunks_fts MATCH ? AND c.workspace_id = ? AND f.status = 'completed'${filters}
    ORDER BY rank DESC, c.file_seq, c.position LIMIT ?`;
  return { sql, params };
}

export function toHits(rows: { chunk_id: string; rank: number }[]): ChunkTextHit[] {
  return rows.map((r) => {
    const rank = Math.max(0, Number(r.rank));
    return { chunkId: r.chunk_id, score: Math.round((rank / (rank + 1)) * 1e6) / 1e6 };
  });
}
