// Message feedback: one record per end user, release and message (a new vote replaces the old
// one), read back newest first by workspace members with read and unread marks.
import type { ServiceEvent } from '../../core/area.js';
import type { StoreDeps } from '../../core/services.js';
import { EXCERPT_CHARS } from './schema.js';

export interface FeedbackWrite {
  workspaceId: string;
  releaseId: string;
  messageRef: string;
  /** The usage subject of the end user (`EndUserPrincipal.subject`). */
  subject: string;
  sentiment: -1 | 1 | null;
  feedback?: string;
  source: 'authed' | 'anonymous';
  chatId?: string;
  userPrompt?: string;
  responseExcerpt?: string;
  userId: string | null;
  email: string | null;
}

interface FeedbackRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  workspace_id: string;
  release_id: string;
  release_name: string | null;
  message_ref: string;
  sentiment: number | null;
  feedback: string | null;
  source: string;
  chat_id: string | null;
  user_prompt: string | null;
  response_excerpt: string | null;
  user_id: string | null;
  email: string | null;
  is_read: number;
  created_at: number;
}

const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/** The spec's admin read surface record; joined fields are null when unknown. */
function recordOut(row: FeedbackRow) {
  return {
    id: row.id,
    releaseId: row.release_id,
    messageRef: row.message_ref,
    sentiment: row.sentiment === null ? null : (Number(row.sentiment) as -1 | 1),
    ...(row.feedback !== null && { feedback: row.feedback }),
    source: row.source as 'authed' | 'anonymous',
    createdAt: Number(row.created_at),
    isRead: Number(row.is_read) === 1,
    releaseTitle: row.release_name,
    chatId: row.chat_id,
    userPrompt: row.user_prompt,
    responseExcerpt: row.response_excerpt,
    userId: row.user_id,
    email: row.email,
    threadLink: row.chat_id === null ? null : `/api/v1/chat/threads/${encodeURIComponent(row.chat_id)}`,
  };
}
export type FeedbackOut = ReturnType<typeof recordOut>;

const SELECT = 'SELECT f.*, r.name AS release_name FROM feedback f LEFT JOIN releases r ON r.id = f.release_id';

export class FeedbackStore {
  constructor(
    private readonly deps: StoreDeps,
    /** Raises `feedback.created` on the world's event hub (the notifications area listens). */
    private readonly raise: (event: ServiceEvent) => Promise<void> = async () => undefined,
  ) {}

  async get(id: string, workspaceId: string): Promise<FeedbackOut | undefined> {
    const row = await this.deps.storage.get<FeedbackRow>(`${SELECT} WHERE f.id = ? AND f.workspace_id = ?`, [id, workspaceId]);
    return row ? recordOut(row) : undefined;
  }

  /**
   * Stores a vote. The same end user voting again on the same message replaces their record (same
   * id and createdAt; marked unread again); answers whether it was new.
   */
  async upsert(input: FeedbackWrite): Promise<{ record: FeedbackOut; created: boolean }> {
    const now = this.deps.clock.now();
    const excerpt = input.responseExcerpt === undefined ? null : cut(input.responseExcerpt, EXCERPT_CHARS);
    const existing = await this.deps.storage.get<{ id: string }>(
      'SELECT id FROM feedback WHERE release_id = ? AND message_ref = ? AND subject = ?',
      [input.releaseId, input.messageRef, input.subject],
    );
    if (existing) {
      await this.deps.storage.run(
        `UPDATE feedback SET sentiment = ?, feedback = ?, chat_id = COALESCE(?, chat_id), user_prompt = COALESCE(?, user_prompt),
           response_excerpt = COALESCE(?, response_excerpt), email = COALESCE(?, email), is_read = 0, updated_at = ? WHERE id = ?`,
        [input.sentiment, input.feedback ?? null, input.chatId ?? null, input.userPrompt ?? null, excerpt, input.email, now, existing.id],
      );
      return { record: (await this.get(existing.id, input.workspaceId)) as FeedbackOut, created: false };
    }
    const id = this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM feedback');
    await this.deps.storage.run(
      `INSERT INTO feedback (id, seq, workspace_id, release_id, message_ref, subject, sentiment, feedback, source, chat_id, user_prompt,
         response_excerpt, user_id, email, is_read, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        input.workspaceId,
        input.releaseId,
        input.messageRef,
        input.subject,
        input.sentiment,
        input.feedback ?? null,
        input.source,
        input.chatId ?? null,
        input.userPrompt ?? null,
        excerpt,
        input.userId,
        input.email,
        now,
        now,
      ],
    );
    const record = (await this.get(id, input.workspaceId)) as FeedbackOut;
    await this.raise({
      workspaceId: input.workspaceId,
      kind: 'feedback.created',
      data: { feedbackId: id, releaseId: input.releaseId, messageRef: input.messageRef, sentiment: input.sentiment, source: input.source },
    });
    return { record, created: true };
  }

  /** A workspace's feedback, newest first, optionally of one release and read state. */
  async list(workspaceId: string, filter: { releaseId?: string | undefined; isRead?: boolean | undefined }): Promise<FeedbackOut[]> {
    let sql = `${SELECT} WHERE f.workspace_id = ?`;
    const params: (string | number)[] = [workspaceId];
    if (filter.releaseId !== undefined) {
      sql += ' AND f.release_id = ?';
      params.push(filter.releaseId);
    }
    if (filter.isRead !== undefined) {
      sql += ' AND f.is_read = ?';
      params.push(filter.isRead ? 1 : 0);
    }
    const rows = await this.deps.storage.all<FeedbackRow>(`${sql} ORDER BY f.seq DESC`, params);
    return rows.map(recordOut);
  }

  async markRead(id: string, workspaceId: string, isRead: boolean): Promise<FeedbackOut | undefined> {
    const { changes } = await this.deps.storage.run('UPDATE feedback SET is_read = ?, updated_at = ? WHERE id = ? AND workspace_id = ?', [
      isRead ? 1 : 0,
      this.deps.clock.now(),
      id,
      workspaceId,
    ]);
    return changes === 0 ? undefined : this.get(id, workspaceId);
  }
}
