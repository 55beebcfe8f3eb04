// Transcripts and their messages, scoped to a workspace. Shared by the transcripts routes and the
// service-agent session routes.
import type { StoreDeps } from '../../core/services.js';
import type { SqlValue, Statement, StatementResult } from '../../storage/storage.js';
import { isPending, type Settled } from '../../storage/settled.js';
import { parseJson } from '../../core/services.js';
import type { CreateTranscriptInput, MessageInput } from './schema.js';
export { DEFAULT_TITLE } from './new-row.js';
import { TranscriptOrder } from './order-index.js';
import { messageId } from './message-id.js';
import { newTranscriptRow, splitMessage, type ListRow, type TranscriptRow } from './new-row.js';
import { baseFields, listItem, messageOut, type ListItem, type MessageRow, type StoredMessage } from './row-answers.js';

const INSERT_TRANSCRIPT = `INSERT INTO transcripts (id, seq, workspace_id, title, locked, hide_conversation_starters, metadata, child_transcripts,
         extra, session_id, message_count, last_message_at, created_at, updated_at)
       VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM transcripts), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_MESSAGES = 'INSERT INTO transcript_messages (transcript_id, position, role, content, timestamp, context, extra) VALUES';
const MESSAGE_MARKS = '(?, ?, ?, ?, ?, ?, ?)';
/** 7 values a row: under SQLite's 32,766 bound parameters and Postgres's 65,535. */
const MESSAGES_PER_INSERT = 1000;
const messagesSql = (count: number): string => `${INSERT_MESSAGES} ${Array(count).fill(MESSAGE_MARKS).join(', ')}`;
/** The messages' insert for a few rows, made once: the same text each time (no joining, and the drivers' lookups of it hash it once). */
const FEW_MESSAGES_SQL = Array.from({ length: 9 }, (_, n) => messagesSql(n));
const insertMessagesSql = (count: number): string => FEW_MESSAGES_SQL[count] ?? messagesSql(count);

/** Transcripts with their first and last messages joined in, for list items. */
const LIST_ITEM_SQL = `SELECT t.*, f.role AS first_role, f.timestamp AS first_at, f.content AS first_content,
         l.role AS last_role, l.timestamp AS last_at, l.content AS last_content
  FROM transcripts t
  LEFT JOIN transcript_messages f ON f.transcript_id = t.id AND f.position = 0
  LEFT JOIN transcript_messages l ON l.transcript_id = t.id AND l.position = t.message_count - 1`;

/**
 * One page of a workspace's list: ids found in the order index (the `page` CTE), then joined. The
 * bounds from the index keep the scan inside the page's blocks whatever the planner estimates (a
 * Postgres without statistics would otherwise sort every key under the upper bound).
 */
const pageSql = (bounded: boolean, floored: boolean) => `WITH page AS (
    SELECT id FROM transcripts WHERE workspace_id = ?${bounded ? ' AND (updated_at, seq) < (?, ?)' : ''}${floored ? ' AND (updated_at, seq) >= (?, ?)' : ''}
    ORDER BY updated_at DESC, seq DESC LIMIT ? OFFSET ?)
  SELECT t.*, f.role AS first_role, f.timestamp AS first_at, f.content AS first_content,
         l.role AS last_role, l.timestamp AS last_at, l.content AS last_content
  FROM page p CROSS JOIN transcripts t
  LEFT JOIN transcript_messages f ON f.transcript_id = t.id AND f.position = 0
  LEFT JOIN transcript_messages l ON l.transcript_id = t.id AND l.position = t.message_count - 1
  WHERE t.id = p.id
  ORDER BY t.updated_at DESC, t.seq DESC`;
/** Indexed by `below` present ×2 + `floor` present. */
const PAGE_SQL = [pageSql(false, false), pageSql(false, true), pageSql(true, false), pageSql(true, true)];

/** A transcript row with one of its messages' columns (all null: no message in the page). */
interface GetRow extends TranscriptRow {
  m_position: number | null;
  m_role: string;
  m_content: string;
  m_timestamp: number;
  m_context: string;
  m_extra: string;
}

const messageOf = (r: GetRow): MessageRow => ({
  transcript_id: r.id,
  position: Number(r.m_position),
  role: r.m_role,
  content: r.m_content,
  timestamp: r.m_timestamp,
  context: r.m_context,
  extra: r.m_extra,
});

/** A transcript (by id; and workspace, in the second) and one page of its messages, a row each. */
const getSql = (scoped: boolean) => `SELECT t.*, m.position AS m_position, m.role AS m_role, m.content AS m_content,
         m.timestamp AS m_timestamp, m.context AS m_context, m.extra AS m_extra
  FROM transcripts t
  LEFT JOIN (SELECT * FROM transcript_messages WHERE transcript_id = ? ORDER BY position LIMIT ? OFFSET ?) m ON 1 = 1
  WHERE t.id = ?${scoped ? ' AND t.workspace_id = ?' : ''}
  ORDER BY m.position`;
const GET_SQL = [getSql(false), getSql(true)];

/** A UTF-16 code unit no text encoding keeps: stored, it comes back as U+FFFD. */
const LONE_SURROGATE = /\p{Cs}/u;

export class TranscriptStore {
  private readonly order: TranscriptOrder;

  constructor(private readonly deps: StoreDeps) {
    this.order = new TranscriptOrder(deps.storage);
  }

  private async row(workspaceId: string | null, id: string): Promise<TranscriptRow | undefined> {
    return workspaceId === null
      ? this.deps.storage.get<TranscriptRow>('SELECT * FROM transcripts WHERE id = ?', [id])
      : this.deps.storage.get<TranscriptRow>('SELECT * FROM transcripts WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  async exists(workspaceId: string | null, id: string): Promise<{ workspaceId: string; locked: boolean; sessionId: string | null } | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? { workspaceId: row.workspace_id, locked: row.locked === 1, sessionId: row.session_id } : undefined;
  }

  async create(workspaceId: string, input: CreateTranscriptInput & { id?: string; sessionId?: string; createdAt?: number }) {
    return (await this.insert(workspaceId, input)).id;
  }

  /**
   * Creates a transcript and answers it in the list-item shape (what create answers) from the row
   * just written, without reading it back; a string the database would not store as given (a lone
   * surrogate becomes U+FFFD) or a time it would not keep is read back instead, so the answer is
   * always what a later read gives.
   */
  createListed(workspaceId: string, input: CreateTranscriptInput): Settled<ListItem | undefined> {
    const row = this.insert(workspaceId, input);
    return isPending(row) ? row.then((written) => this.answerOf(workspaceId, written)) : this.answerOf(workspaceId, row);
  }

  private answerOf(workspaceId: string, row: ListRow): Settled<ListItem | undefined> {
    const exact = !LONE_SURROGATE.test(row.title) && [row.first_at, row.last_at].every((at) => at === null || Number.isSafeInteger(at));
    return exact && (row.first_role === null || !LONE_SURROGATE.test(row.first_role + row.last_role)) ? listItem(row) : this.listItem(workspaceId, row.id);
  }

  /**
   * Writes a transcript with its messages: the row holds its final count, times and order key from
   * the start, so a create is one insert per row and one order-index update (no read-back, no move).
   * The row's `seq` is known only when the order index needed it (else 0): no answer reads it.
   * On SQLite, inside a request's transaction, it is all done at once (no promise): the batch is.
   */
  private insert(workspaceId: string, input: CreateTranscriptInput & { id?: string; sessionId?: string; createdAt?: number }): Settled<ListRow> {
    const { title, locked, hideConversationStarters, metadata, childTranscripts, messages = [], id, sessionId, createdAt, ...extra } = input;
    const now = createdAt ?? this.deps.clock.now();
    const transcriptId = id ?? this.deps.ids.objectId();
    const { row, rows, updatedAt } = newTranscriptRow({ transcriptId, seq: 0, workspaceId, now, messages, title, locked, hideConversationStarters, metadata, childTranscripts, sessionId, extra });
    // The next seq is taken in the insert itself: one statement, not a read and a write. A scalar
    // subquery in VALUES, not INSERT … SELECT: SQLite copies a SELECT from the table it inserts
    // into through a temporary table first (~10 µs a create). The insert, the order index's count
    // and the messages go as one batch (one call into Postgres on PGlite, instead of three).
    const statements: Statement[] = [
      {
        sql: INSERT_TRANSCRIPT,
        // prettier-ignore
        params: [transcriptId, workspaceId, row.title, row.locked, row.hide_conversation_starters, row.metadata, row.child_transcripts,
          row.extra, row.session_id, row.message_count, row.last_message_at, now, updatedAt],
      },
      this.order.bumpWritten(workspaceId, updatedAt, transcriptId),
    ];
    // Messages in as few statements as the drivers' parameter caps allow.
    for (let start = 0; start < rows.length; start += MESSAGES_PER_INSERT) {
      const end = Math.min(rows.length, start + MESSAGES_PER_INSERT);
      const params: SqlValue[] = [];
      for (let i = start; i < end; i++) for (const value of rows[i] ?? []) params.push(value);
      statements.push({ sql: insertMessagesSql(end - start), params });
    }
    const done = this.deps.storage.batch(statements);
    return isPending(done) ? done.then((results) => this.ordered(results, row, updatedAt)) : this.ordered(done, row, updatedAt);
  }

  /**
   * The row, once the order index holds its key. The seq is read back only when the index's
   * one-statement count did not take it: no RETURNING on every create (SQLite gathers RETURNING
   * rows in a table of their own first, ~5 µs a create).
   */
  private ordered(results: StatementResult[], row: ListRow, updatedAt: number): Settled<ListRow> {
    if (results[1]?.changes === 1) return row;
    return this.orderedAfterAll(row, updatedAt);
  }

  private async orderedAfterAll(row: ListRow, updatedAt: number): Promise<ListRow> {
    const seq = Number((await this.deps.storage.get<{ seq: number }>('SELECT seq FROM transcripts WHERE id = ?', [row.id]))?.seq);
    row.seq = seq;
    await this.order.addUnbumped(row.workspace_id, { at: updatedAt, seq });
    return row;
  }

  /** Appends a message and answers its id; `force` lets scenario loading fill locked transcripts. */
  async insertMessage(transcriptId: string, message: MessageInput, fallbackTime = this.deps.clock.now(), force = false): Promise<string> {
    const [id] = await this.insertMessages(transcriptId, [message], fallbackTime, force);
    return id as string;
  }

  /** Appends messages in order (one read and one update for the lot) and answers their ids. */
  async insertMessages(transcriptId: string, messages: MessageInput[], fallbackTime = this.deps.clock.now(), force = false): Promise<string[]> {
    const row = await this.row(null, transcriptId);
    if (!row) throw new Error(`transcript ${transcriptId} vanished`);
    if (row.locked === 1 && !force) throw new Error('locked');
    const start = Number(row.message_count);
    let updatedAt = Number(row.updated_at);
    let lastAt = Number(row.last_message_at);
    const ids: string[] = [];
    for (const [i, message] of messages.entries()) {
      const { role, content, timestamp, context, extra } = splitMessage(message);
      const at = timestamp === undefined ? fallbackTime : typeof timestamp === 'number' ? timestamp : Date.parse(timestamp);
      await this.deps.storage.run(
        'INSERT INTO transcript_messages (transcript_id, position, role, content, timestamp, context, extra) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [transcriptId, start + i, role, JSON.stringify(content), at, JSON.stringify(context), JSON.stringify(extra)],
      );
      lastAt = at;
      updatedAt = Math.max(updatedAt, at);
      ids.push(messageId(transcriptId, start + i));
    }
    if (messages.length > 0) {
      await this.deps.storage.run('UPDATE transcripts SET message_count = ?, last_message_at = ?, updated_at = ? WHERE id = ?', [
        start + messages.length,
        lastAt,
        updatedAt,
        transcriptId,
      ]);
      const seq = Number(row.seq);
      await this.order.move(row.workspace_id, { at: Number(row.updated_at), seq }, { at: updatedAt, seq });
    }
    return ids;
  }

  /** The message at `position`, as reads answer it (with its `_id`). */
  async messageAt(transcriptId: string, position: number): Promise<StoredMessage | undefined> {
    const row = await this.deps.storage.get<MessageRow>('SELECT * FROM transcript_messages WHERE transcript_id = ? AND position = ?', [transcriptId, position]);
    return row ? messageOut(row, true) : undefined;
  }

  /** How many messages a transcript holds (the next message's position). */
  async messageCount(transcriptId: string): Promise<number> {
    const row = await this.row(null, transcriptId);
    return Number(row?.message_count ?? 0);
  }

  /** One page of a workspace's transcripts, most recently active first, with their end messages. */
  async list(workspaceId: string, offset: number, limit: number) {
    const { total, below, skip, floor } = await this.order.seek(workspaceId, offset, limit);
    if (offset >= total) return { items: [], total };
    const params: SqlValue[] = [workspaceId];
    if (below) params.push(below.at, below.seq);
    if (floor) params.push(floor.at, floor.seq);
    params.push(limit, skip);
    const sql = PAGE_SQL[(below ? 2 : 0) + (floor ? 1 : 0)] as string;
    const rows = await this.deps.storage.all<ListRow>(sql, params);
    return { items: rows.map(listItem), total };
  }

  /** One transcript in the list-item shape (what create answers). */
  async listItem(workspaceId: string, id: string) {
    const row = await this.deps.storage.get<ListRow>(`${LIST_ITEM_SQL} WHERE t.id = ? AND t.workspace_id = ?`, [id, workspaceId]);
    return row ? listItem(row) : undefined;
  }

  /** `withIds`: messages carry their `_id` (the transcripts routes; service-agent reads stay as they were). */
  async getOne(workspaceId: string | null, id: string, limit: number, offset: number, withIds = false) {
    // PGlite: the transcript and its page of messages in one statement (one round trip, not two). SQLite (in
    // process): two indexed reads, ~2.5× faster than that join, whose page it copies into a temporary table.
    const joined = this.deps.storage.kind !== 'sqlite';
    const rows = joined ? await this.deps.storage.all<GetRow>(GET_SQL[workspaceId === null ? 0 : 1] as string, workspaceId === null ? [id, limit, offset, id] : [id, limit, offset, id, workspaceId]) : [];
    const row = joined ? rows[0] : await this.row(workspaceId, id);
    if (!row) return undefined;
    const total = Number(row.message_count);
    const messages = !joined ? await this.messages(id, limit, offset, withIds) : rows[0]?.m_position === null ? [] : rows.map((r) => messageOut(messageOf(r), withIds));
    return {
      ...parseJson<Record<string, unknown>>(row.extra, {}),
      ...baseFields(row),
      messages,
      pagination: { total, limit, offset, hasMore: offset + messages.length < total },
    };
  }

  async messages(id: string, limit: number, offset: number, withIds = false): Promise<StoredMessage[]> {
    const rows = await this.deps.storage.all<MessageRow>(
      'SELECT * FROM transcript_messages WHERE transcript_id = ? ORDER BY position LIMIT ? OFFSET ?',
      [id, limit, offset],
    );
    return rows.map((row) => messageOut(row, withIds));
  }

  async summary(workspaceId: string | null, id: string) {
    const row = await this.row(workspaceId, id);
    return row ? { ...parseJson<Record<string, unknown>>(row.extra, {}), ...baseFields(row) } : undefined;
  }

  async findBySession(workspaceId: string, sessionId: string): Promise<string | undefined> {
    const row = await this.deps.storage.get<{ id: string }>(
      'SELECT id FROM transcripts WHERE workspace_id = ? AND session_id = ? ORDER BY seq LIMIT 1',
      [workspaceId, sessionId],
    );
    return row?.id;
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const row = await this.row(workspaceId, id);
    if (!row) return false;
    await this.deps.storage.run('DELETE FROM transcripts WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    await this.order.remove(workspaceId, { at: Number(row.updated_at), seq: Number(row.seq) });
    await this.deps.storage.run('DELETE FROM transcript_messages WHERE transcript_id = ?', [id]);
    return true;
  }

  /** Copies every transcript of a workspace into another under new seeded ids (workspace clone). */
  async copyWorkspace(fromId: string, toId: string): Promise<void> {
    const rows = await this.deps.storage.all<TranscriptRow>('SELECT * FROM transcripts WHERE workspace_id = ? ORDER BY seq', [fromId]);
    const newIds = new Map(rows.map((row) => [row.id, this.deps.ids.objectId()]));
    for (const row of rows) {
      const id = newIds.get(row.id) as string;
      const children = parseJson<string[]>(row.child_transcripts, []).map((child) => newIds.get(child) ?? child);
      const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM transcripts');
      const seq = Number(next?.seq ?? 1);
      await this.deps.storage.run(
        `INSERT INTO transcripts (id, seq, workspace_id, title, locked, hide_conversation_starters, metadata, child_transcripts,
           extra, session_id, message_count, last_message_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          seq,
          toId,
          row.title,
          row.locked,
          row.hide_conversation_starters,
          row.metadata,
          JSON.stringify(children),
          row.extra,
          row.session_id,
          row.message_count,
          row.last_message_at,
          row.created_at,
          row.updated_at,
        ],
      );
      await this.deps.storage.run(
        `INSERT INTO transcript_messages (transcript_id, position, role, content, timestamp, context, extra)
         SELECT CAST(? AS TEXT), position, role, content, timestamp, context, extra FROM transcript_messages WHERE transcript_id = ?`,
        [id, row.id],
      );
      await this.order.add(toId, { at: Number(row.updated_at), seq });
    }
  }
}
