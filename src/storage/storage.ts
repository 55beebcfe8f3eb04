// The storage interface every driver implements; route code speaks only this and portable SQL.

export type SqlValue = string | number | null;
export type Row = Record<string, SqlValue>;

export type StorageKind = 'sqlite' | 'pglite';

/** An opaque in-memory copy of the whole database, as fast as the driver can make it. */
export interface StorageSnapshot {
  readonly kind: StorageKind;
}

/** Every table's rows as plain JSON: the portable form used by state export and import. */
export type TableDump = Record<string, Row[]>;

/** A full-text query over RAG chunks: any of `terms` matches; filters narrow the chunks seen. */
export interface ChunkTextQuery {
  workspaceId: string;
  /** Lower-case words without stopwords; the driver stems them in its own dialect. */
  terms: string[];
  fileId?: string;
  targetId?: string;
  limit: number;
}

export interface ChunkTextHit {
  chunkId: string;
  /** Relevance in 0..1 (the driver's own ranking, normalised as rank / (rank + 1)). */
  score: number;
}

export interface Storage {
  readonly kind: StorageKind;
  /** Rows of a query. Placeholders are `?`; the driver translates them to its dialect. */
  all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]>;
  get<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T | undefined>;
  run(sql: string, params?: SqlValue[]): Promise<{ changes: number }>;
  /** Runs `fn` atomically: all of its writes land, or none do. Not re-entrant. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Full-text search over the chunks of completed RAG files, best first (SQLite FTS5 bm25 on
   * better-sqlite3, Postgres ts_rank on PGlite); ties by file and position.
   */
  searchChunks(query: ChunkTextQuery): Promise<ChunkTextHit[]>;
  snapshot(): Promise<StorageSnapshot>;
  restore(snapshot: StorageSnapshot): Promise<void>;
  dump(): Promise<TableDump>;
  load(dump: TableDump): Promise<void>;
  close(): Promise<void>;
}
