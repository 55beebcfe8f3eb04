// The SQL behind analytics and metrics: read-only aggregates over the tables of chat, feedback,
// flaggers and rag (portable SQL, the same rows on SQLite and Postgres). Reading the tables whole in
// SQL, rather than through each area's API, is what lets a day's counts be one GROUP BY; nothing
// here writes. Numbers come back as Number() (Postgres answers COUNT and SUM as bigint text).
import type { Storage, SqlValue } from '../../storage/storage.js';
import type { Range } from './range.js';

/** Whose rows: the workspace, the range, one release if asked, minus releases that opted out of metrics. */
export interface Scope extends Range {
  workspaceId: string;
  releaseId?: string | undefined;
  excluded: string[];
}

/** `AND column = ?` for the release asked, `AND column NOT IN (...)` for the excluded ones. */
function releaseClause(scope: Scope, column: string, args: SqlValue[]): string {
  let sql = '';
  if (scope.releaseId !== undefined) {
    sql += ` AND ${column} = ?`;
    args.push(scope.releaseId);
  }
  if (scope.excluded.length > 0) {
    sql += ` AND ${column} NOT IN (${scope.excluded.map(() => '?').join(', ')})`;
    args.push(...scope.excluded);
  }
  return sql;
}

/** Stored user and assistant messages of the scope, joined to their thread. */
function messageWhere(scope: Scope, roles: string): { sql: string; args: SqlValue[] } {
  const args: SqlValue[] = [scope.workspaceId, scope.from, scope.to];
  const sql = `FROM chat_messages m JOIN chat_threads t ON t.id = m.thread_id
    WHERE t.workspace_id = ? AND m.timestamp >= ? AND m.timestamp <= ? AND m.role IN (${roles})${releaseClause(scope, 't.release_id', args)}`;
  return { sql, args };
}

export interface DayRow {
  release_id: string;
  day_n: number;
  user_n: number;
  assistant_n: number;
  threads: number;
}

export class AnalyticsQueries {
  constructor(private readonly storage: Storage) {}

  async messagesPerDay(scope: Scope): Promise<DayRow[]> {
    const { sql, args } = messageWhere(scope, "'user', 'assistant'");
    const rows = await this.storage.all(
      `SELECT t.release_id AS release_id, CAST(m.timestamp / 86400000 AS BIGINT) AS day_n,
         SUM(CASE WHEN m.role = 'user' THEN 1 ELSE 0 END) AS user_n,
         SUM(CASE WHEN m.role = 'assistant' THEN 1 ELSE 0 END) AS assistant_n,
         COUNT(DISTINCT m.thread_id) AS threads
       ${sql}
       GROUP BY t.release_id, CAST(m.timestamp / 86400000 AS BIGINT)
       ORDER BY day_n, release_id`,
      args,
    );
    return rows.map((r) => ({
      release_id: String(r.release_id),
      day_n: Number(r.day_n),
      user_n: Number(r.user_n),
      assistant_n: Number(r.assistant_n),
      threads: Number(r.threads),
    }));
  }

  async threadCount(scope: Scope): Promise<number> {
    const { sql, args } = messageWhere(scope, "'user', 'assistant'");
    return Number((await this.storage.get(`SELECT COUNT(DISTINCT m.thread_id) AS n ${sql}`, args))?.n ?? 0);
  }

  /** Every assistant reply of the scope, oldest first, with the message before it (the prompt when usage was not stored). */
  async replies(scope: Scope): Promise<{ releaseId: string; at: number; content: string; tokenCount: number; metadata: string; prompt: string | null }[]> {
    const { sql, args } = messageWhere(scope, "'assistant'");
    const rows = await this.storage.all(
      `SELECT t.release_id AS release_id, m.timestamp AS at, m.content AS content, m.token_count AS token_count, m.metadata AS metadata, p.content AS prompt
       ${sql.replace('WHERE', 'LEFT JOIN chat_messages p ON p.thread_id = m.thread_id AND p.position = m.position - 1 WHERE')}
       ORDER BY m.timestamp, m.id`,
      args,
    );
    return rows.map((r) => ({
      releaseId: String(r.release_id),
      at: Number(r.at),
      content: String(r.content),
      tokenCount: Number(r.token_count),
      metadata: String(r.metadata),
      prompt: r.prompt === null ? null : String(r.prompt),
    }));
  }

  /** Every user prompt of the scope, oldest first. */
  async prompts(scope: Scope): Promise<{ releaseId: string; at: number; content: string }[]> {
    const { sql, args } = messageWhere(scope, "'user'");
    const rows = await this.storage.all(`SELECT t.release_id AS release_id, m.timestamp AS at, m.content AS content ${sql} ORDER BY m.timestamp, m.id`, args);
    return rows.map((r) => ({ releaseId: String(r.release_id), at: Number(r.at), content: String(r.content) }));
  }

  /** Feedback votes of the scope by release: 1, -1 and withdrawn (null). */
  async feedback(scope: Scope): Promise<{ releaseId: string; positive: number; negative: number; neutral: number; total: number }[]> {
    const args: SqlValue[] = [scope.workspaceId, scope.from, scope.to];
    const rows = await this.storage.all(
      `SELECT release_id,
         SUM(CASE WHEN sentiment = 1 THEN 1 ELSE 0 END) AS positive,
         SUM(CASE WHEN sentiment = -1 THEN 1 ELSE 0 END) AS negative,
         SUM(CASE WHEN sentiment IS NULL THEN 1 ELSE 0 END) AS neutral,
         COUNT(*) AS total
       FROM feedback WHERE workspace_id = ? AND created_at >= ? AND created_at <= ?${releaseClause(scope, 'release_id', args)}
       GROUP BY release_id ORDER BY release_id`,
      args,
    );
    return rows.map((r) => ({
      releaseId: String(r.release_id),
      positive: Number(r.positive),
      negative: Number(r.negative),
      neutral: Number(r.neutral),
      total: Number(r.total),
    }));
  }

  /** Flags raised in the scope, oldest first. */
  async flags(scope: Scope): Promise<{ flaggerId: string; title: string; tags: string }[]> {
    const args: SqlValue[] = [scope.workspaceId, scope.from, scope.to];
    const rows = await this.storage.all(
      `SELECT flagger_id, flagger_title, tags FROM flags WHERE workspace_id = ? AND created_at >= ? AND created_at <= ?${releaseClause(scope, 'release_id', args)} ORDER BY seq`,
      args,
    );
    return rows.map((r) => ({ flaggerId: String(r.flagger_id), title: String(r.flagger_title), tags: String(r.tags) }));
  }

  /** The workspace's vector indexes (one if asked), in creation order. */
  async targets(workspaceId: string, collectionId?: string): Promise<{ id: string; title: string }[]> {
    const rows =
      collectionId === undefined
        ? await this.storage.all('SELECT id, title FROM rag_targets WHERE workspace_id = ? ORDER BY seq', [workspaceId])
        : await this.storage.all('SELECT id, title FROM rag_targets WHERE workspace_id = ? AND id = ?', [workspaceId, collectionId]);
    return rows.map((r) => ({ id: String(r.id), title: String(r.title) }));
  }

  /** Files uploaded in the range, with their status now. */
  async files(workspaceId: string, range: Range): Promise<{ id: string; targetId: string; status: string; createdAt: number }[]> {
    const rows = await this.storage.all(
      'SELECT id, target_id, status, created_at FROM rag_files WHERE workspace_id = ? AND created_at >= ? AND created_at <= ? ORDER BY seq',
      [workspaceId, range.from, range.to],
    );
    return rows.map((r) => ({ id: String(r.id), targetId: String(r.target_id), status: String(r.status), createdAt: Number(r.created_at) }));
  }

  /** When each pipeline step of those files first happened (live events only: a scenario's backfill took no time). */
  async fileSteps(workspaceId: string, range: Range): Promise<{ fileId: string; action: string; at: number }[]> {
    const rows = await this.storage.all(
      `SELECT e.file_id AS file_id, e.action AS action, MIN(e.at) AS first_at
       FROM rag_events e JOIN rag_files f ON f.id = e.file_id
       WHERE f.workspace_id = ? AND f.created_at >= ? AND f.created_at <= ? AND e.backfill = 0
       GROUP BY e.file_id, e.action
       ORDER BY e.file_id, first_at`,
      [workspaceId, range.from, range.to],
    );
    return rows.map((r) => ({ fileId: String(r.file_id), action: String(r.action), at: Number(r.first_at) }));
  }
}
