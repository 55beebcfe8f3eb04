// Notifications of a workspace (document style, as the client SDK reads them): what events became,
// with read marks, tags and notes.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { Notification, NotificationList, NotificationNote } from '../../types/notifications.js';
import type { NotificationListQuery } from './schema.js';

interface NotificationRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  kind: string;
  title: string;
  message: string;
  tags: string;
  is_read: number;
  read_at: number | null;
  notes: string;
  data: string;
  created_at: number;
  updated_at: number;
}

interface StoredNote {
  _id: string;
  text: string;
  authorId: string | null;
  createdAt: number;
}

export interface NewNotification {
  id?: string;
  kind: string;
  title: string;
  message: string;
  tags?: string[];
  data?: Record<string, unknown>;
  isRead?: boolean;
  createdAt?: number;
}

function answer(row: NotificationRow): Notification {
  const notes = parseJson<StoredNote[]>(row.notes, []);
  return {
    _id: row.id,
    id: row.id,
    workspaceId: row.workspace_id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    tags: parseJson<string[]>(row.tags, []),
    isRead: Number(row.is_read) === 1,
    readAt: row.read_at === null ? null : toIso(Number(row.read_at)),
    notes: notes.map((n): NotificationNote => ({ ...n, createdAt: toIso(n.createdAt) })),
    data: parseJson<Record<string, unknown>>(row.data, {}),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

export class NotificationStore {
  constructor(private readonly deps: StoreDeps) {}

  private async row(workspaceId: string, id: string): Promise<NotificationRow | undefined> {
    return this.deps.storage.get<NotificationRow>('SELECT * FROM notifications WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  async get(workspaceId: string, id: string): Promise<Notification | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? answer(row) : undefined;
  }

  async create(workspaceId: string, input: NewNotification): Promise<Notification> {
    const now = input.createdAt ?? this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM notifications');
    await this.deps.storage.run(
      `INSERT INTO notifications (id, seq, workspace_id, kind, title, message, tags, is_read, read_at, notes, data, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
      [id, Number(next?.seq ?? 1), workspaceId, input.kind, input.title, input.message, JSON.stringify(input.tags ?? []), input.isRead ? 1 : 0, input.isRead ? now : null, JSON.stringify(input.data ?? {}), now, now],
    );
    return (await this.get(workspaceId, id)) as Notification;
  }

  /** Newest first; `isRead`, `kind` and `tag` filter; pages are 1-based. */
  async list(workspaceId: string, query: NotificationListQuery): Promise<NotificationList> {
    const rows = await this.deps.storage.all<NotificationRow>('SELECT * FROM notifications WHERE workspace_id = ? ORDER BY seq DESC', [workspaceId]);
    const all = rows
      .map(answer)
      .filter((n) => (query.isRead === undefined || n.isRead === query.isRead) && (query.kind === undefined || n.kind === query.kind) && (query.tag === undefined || n.tags.includes(query.tag)));
    const start = (query.page - 1) * query.limit;
    const docs = all.slice(start, start + query.limit);
    const hasMore = start + docs.length < all.length;
    const total = all.length;
    return {
      docs,
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit), hasMore },
      data: docs,
      hasMore,
      total,
    };
  }

  async counts(workspaceId: string): Promise<{ unread: number; total: number }> {
    const row = await this.deps.storage.get<{ total: number; unread: number }>(
      'SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN is_read = 0 THEN 1 ELSE 0 END), 0) AS unread FROM notifications WHERE workspace_id = ?',
      [workspaceId],
    );
    return { unread: Number(row?.unread ?? 0), total: Number(row?.total ?? 0) };
  }

  async markRead(workspaceId: string, id: string, isRead: boolean): Promise<Notification | undefined> {
    const now = this.deps.clock.now();
    const { changes } = await this.deps.storage.run('UPDATE notifications SET is_read = ?, read_at = ?, updated_at = ? WHERE workspace_id = ? AND id = ?', [
      isRead ? 1 : 0,
      isRead ? now : null,
      now,
      workspaceId,
      id,
    ]);
    return changes === 0 ? undefined : this.get(workspaceId, id);
  }

  async markAllRead(workspaceId: string): Promise<number> {
    const now = this.deps.clock.now();
    const { changes } = await this.deps.storage.run('UPDATE notifications SET is_read = 1, read_at = ?, updated_at = ? WHERE workspace_id = ? AND is_read = 0', [now, now, workspaceId]);
    return changes;
  }

  async setTags(workspaceId: string, id: string, tags: string[]): Promise<Notification | undefined> {
    const unique = [...new Set(tags)];
    const { changes } = await this.deps.storage.run('UPDATE notifications SET tags = ?, updated_at = ? WHERE workspace_id = ? AND id = ?', [
      JSON.stringify(unique),
      this.deps.clock.now(),
      workspaceId,
      id,
    ]);
    return changes === 0 ? undefined : this.get(workspaceId, id);
  }

  private async writeNotes(workspaceId: string, id: string, notes: StoredNote[]): Promise<void> {
    await this.deps.storage.run('UPDATE notifications SET notes = ?, updated_at = ? WHERE workspace_id = ? AND id = ?', [JSON.stringify(notes), this.deps.clock.now(), workspaceId, id]);
  }

  /** Adds a note; undefined when the notification is not the workspace's. */
  async addNote(workspaceId: string, id: string, text: string, authorId: string | null): Promise<NotificationNote | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    const note: StoredNote = { _id: this.deps.ids.objectId(), text, authorId, createdAt: this.deps.clock.now() };
    await this.writeNotes(workspaceId, id, [...parseJson<StoredNote[]>(row.notes, []), note]);
    return { ...note, createdAt: toIso(note.createdAt) };
  }

  /** 'missing' when the notification is not found, 'no-note' when the note is not. */
  async deleteNote(workspaceId: string, id: string, noteId: string): Promise<'ok' | 'missing' | 'no-note'> {
    const row = await this.row(workspaceId, id);
    if (!row) return 'missing';
    const notes = parseJson<StoredNote[]>(row.notes, []);
    const kept = notes.filter((n) => n._id !== noteId);
    if (kept.length === notes.length) return 'no-note';
    await this.writeNotes(workspaceId, id, kept);
    return 'ok';
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM notifications WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return changes > 0;
  }
}
