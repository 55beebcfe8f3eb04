// Chat threads and their messages. Every thread mirrors into the transcripts store under the same
// id (thread id = transcript id), so the transcripts routes and `chat history` see the conversation.
import type { AreaEvents } from '../../core/area.js';
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { TranscriptStore } from '../transcripts/public.js';
import { ReplyOverrides } from './reply-overrides.js';

export type Visibility = 'private' | 'shared' | 'public';
/** `user`: an identified end user; `anonymous`: ephemeral; `a2a` and `landing`: server-side channels. */
export type ThreadKind = 'user' | 'anonymous' | 'a2a' | 'landing';

interface ThreadRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  workspace_id: string;
  release_id: string;
  owner_subject: string;
  kind: string;
  title: string | null;
  visibility: string;
  archived: number;
  metadata: string;
  message_count: number;
  assistant_replies: number;
  last_message_at: number | null;
  cta_state: string;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

interface MessageRow {
  [column: string]: string | number | null;
  id: string;
  thread_id: string;
  position: number;
  role: string;
  content: string;
  content_type: string | null;
  token_count: number;
  context: string | null;
  metadata: string;
  timestamp: number;
}

/** Where a thread's CTA stands: how often it fired and at which assistant reply last. */
export interface CtaState {
  fires: number;
  lastFiredReply: number | null;
  version?: number;
  submitted?: boolean;
}

export interface ThreadRecord {
  id: string;
  workspaceId: string;
  releaseId: string;
  ownerSubject: string;
  /** The owner's own id, no kind prefix (contract section 7): user id, external user id or anonymous session id. */
  ownerId: string;
  kind: ThreadKind;
  title: string | null;
  visibility: Visibility;
  archived: boolean;
  metadata: Record<string, unknown>;
  messageCount: number;
  assistantReplies: number;
  lastMessageAt: number | null;
  ctaState: CtaState;
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface NewMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
  contentType?: string | undefined;
  tokenCount: number;
  context?: Record<string, unknown>[] | undefined;
  metadata: Record<string, unknown>;
}

/** Where the owner id is kept: a reserved key of the metadata column, never shown as metadata. */
const OWNER_KEY = '_ownerId';

/** The id part of a usage subject (`user:ID`, `anon:SESSION`, ...), for threads stored without an owner id. */
export function subjectId(subject: string): string {
  const at = subject.indexOf(':');
  return at === -1 ? subject : subject.slice(at + 1);
}

/** The caller's own id (contract section 7): the platform user, the integrator's external user, or the anonymous session. */
export function ownerIdOf(principal: { subject: string; userId?: string; externalUserId?: string; anonymousSessionId?: string }): string {
  return principal.userId ?? principal.externalUserId ?? principal.anonymousSessionId ?? subjectId(principal.subject);
}

function fromRow(row: ThreadRow): ThreadRecord {
  const { [OWNER_KEY]: storedOwner, ...metadata } = parseJson<Record<string, unknown>>(row.metadata, {});
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    releaseId: row.release_id,
    ownerSubject: row.owner_subject,
    ownerId: typeof storedOwner === 'string' ? storedOwner : subjectId(row.owner_subject),
    kind: row.kind as ThreadKind,
    title: row.title,
    visibility: row.visibility as Visibility,
    archived: Number(row.archived) === 1,
    metadata,
    messageCount: Number(row.message_count),
    assistantReplies: Number(row.assistant_replies),
    lastMessageAt: row.last_message_at === null ? null : Number(row.last_message_at),
    ctaState: parseJson<CtaState>(row.cta_state, { fires: 0, lastFiredReply: null }),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The spec's ChatThread. `ownerId` (and `createdBy`) is the owner's own id, with no kind prefix. */
export function threadOut(thread: ThreadRecord) {
  return {
    id: thread.id,
    ...(thread.title !== null && { title: thread.title }),
    releaseId: thread.releaseId,
    ownerId: thread.ownerId,
    workspaceId: thread.workspaceId,
    messageCount: thread.messageCount,
    ...(thread.lastMessageAt !== null && { lastMessageAt: toIso(thread.lastMessageAt) }),
    visibility: thread.visibility,
    archived: thread.archived,
    metadata: { ...thread.metadata, createdAt: toIso(thread.createdAt), updatedAt: toIso(thread.updatedAt), createdBy: thread.ownerId },
  };
}

export type ChatMessageOut = ReturnType<typeof messageOut>;

function messageOut(row: MessageRow) {
  const metadata = parseJson<Record<string, unknown>>(row.metadata, {});
  return {
    id: row.id,
    chatId: row.thread_id,
    role: row.role as 'user' | 'assistant' | 'system',
    content: row.content,
    ...(row.content_type !== null && { contentType: row.content_type as 'text' | 'image' | 'audio' | 'file' }),
    timestamp: toIso(Number(row.timestamp)),
    tokenCount: Number(row.token_count),
    ...(row.context !== null && { context: parseJson<Record<string, unknown>[]>(row.context, []) }),
    ...(Object.keys(metadata).length > 0 && { metadata }),
  };
}

export class ChatThreadStore {
  /** Replies fixed in advance (applied model edits); send and the reply generator ask it first. */
  readonly overrides = new ReplyOverrides();

  constructor(
    private readonly deps: StoreDeps,
    private readonly transcripts: TranscriptStore,
    /** Raises `chat.message.stored` for each stored user and assistant message (flaggers listen). */
    private readonly events?: AreaEvents,
  ) {}

  async create(input: {
    /** A scenario's own id; a fresh one otherwise. */
    id?: string | undefined;
    workspaceId: string;
    releaseId: string;
    ownerSubject: string;
    /** The owner's own id; the subject's id part when left out. */
    ownerId?: string | undefined;
    kind: ThreadKind;
    title?: string | undefined;
    transcriptTitle: string;
    visibility: Visibility;
    metadata: Record<string, unknown>;
    expiresAt?: number | undefined;
  }): Promise<ThreadRecord> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM chat_threads');
    await this.deps.storage.run(
      `INSERT INTO chat_threads (id, seq, workspace_id, release_id, owner_subject, kind, title, visibility, archived, metadata,
         message_count, assistant_replies, last_message_at, cta_state, expires_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, 0, NULL, ?, ?, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        input.workspaceId,
        input.releaseId,
        input.ownerSubject,
        input.kind,
        input.title ?? null,
        input.visibility,
        JSON.stringify({ ...input.metadata, [OWNER_KEY]: input.ownerId ?? subjectId(input.ownerSubject) }),
        JSON.stringify({ fires: 0, lastFiredReply: null }),
        input.expiresAt ?? null,
        now,
        now,
      ],
    );
    // The mirror: the same id in the workspace's transcripts, tagged with where it came from.
    await this.transcripts.create(input.workspaceId, {
      id,
      title: input.transcriptTitle,
      metadata: { ...input.metadata, source: 'chat', chatThreadId: id, releaseId: input.releaseId, kind: input.kind },
      createdAt: now,
    });
    return (await this.get(id)) as ThreadRecord;
  }

  async get(id: string): Promise<ThreadRecord | undefined> {
    const row = await this.deps.storage.get<ThreadRow>('SELECT * FROM chat_threads WHERE id = ?', [id]);
    return row ? fromRow(row) : undefined;
  }

  /** The newest landing-chat thread a session keeps on a release (its conversation is persisted append-only). */
  async findLanding(ownerSubject: string, releaseId: string): Promise<ThreadRecord | undefined> {
    const row = await this.deps.storage.get<ThreadRow>(
      "SELECT * FROM chat_threads WHERE owner_subject = ? AND release_id = ? AND kind = 'landing' ORDER BY seq DESC LIMIT 1",
      [ownerSubject, releaseId],
    );
    return row ? fromRow(row) : undefined;
  }

  async list(ownerSubject: string, filter: { releaseId?: string | undefined; archived: 'true' | 'false' | 'all' }, limit: number, offset: number) {
    const where = ['owner_subject = ?', '(expires_at IS NULL OR expires_at > ?)'];
    const args: (string | number)[] = [ownerSubject, this.deps.clock.now()];
    if (filter.releaseId !== undefined) {
      where.push('release_id = ?');
      args.push(filter.releaseId);
    }
    if (filter.archived !== 'all') {
      where.push('archived = ?');
      args.push(filter.archived === 'true' ? 1 : 0);
    }
    const clause = where.join(' AND ');
    const total = Number((await this.deps.storage.get<{ n: number }>(`SELECT COUNT(*) AS n FROM chat_threads WHERE ${clause}`, args))?.n ?? 0);
    const rows = await this.deps.storage.all<ThreadRow>(
      `SELECT * FROM chat_threads WHERE ${clause} ORDER BY updated_at DESC, seq DESC LIMIT ? OFFSET ?`,
      [...args, limit, offset],
    );
    return { threads: rows.map(fromRow), total };
  }

  async update(
    id: string,
    change: { title?: string | undefined; visibility?: Visibility | undefined; archived?: boolean | undefined; metadata?: Record<string, unknown> | undefined },
  ): Promise<void> {
    const thread = (await this.get(id)) as ThreadRecord;
    await this.deps.storage.run('UPDATE chat_threads SET title = ?, visibility = ?, archived = ?, metadata = ?, updated_at = ? WHERE id = ?', [
      change.title ?? thread.title,
      change.visibility ?? thread.visibility,
      (change.archived ?? thread.archived) ? 1 : 0,
      // The owner id rides in a reserved metadata key: a metadata change keeps it.
      JSON.stringify({ ...(change.metadata ?? thread.metadata), [OWNER_KEY]: thread.ownerId }),
      this.deps.clock.now(),
      id,
    ]);
  }

  /** A workspace's live threads (the admin view of the threads area), newest activity first. */
  async listWorkspace(
    workspaceId: string,
    filter: { releaseId?: string | undefined; ownerId?: string | undefined; archived: 'true' | 'false' | 'all'; visibility?: Visibility | undefined },
  ): Promise<ThreadRecord[]> {
    const where = ['workspace_id = ?', '(expires_at IS NULL OR expires_at > ?)'];
    const args: (string | number)[] = [workspaceId, this.deps.clock.now()];
    const add = (clause: string, value: string | number) => {
      where.push(clause);
      args.push(value);
    };
    if (filter.releaseId !== undefined) add('release_id = ?', filter.releaseId);
    if (filter.visibility !== undefined) add('visibility = ?', filter.visibility);
    if (filter.archived !== 'all') add('archived = ?', filter.archived === 'true' ? 1 : 0);
    const rows = await this.deps.storage.all<ThreadRow>(`SELECT * FROM chat_threads WHERE ${where.join(' AND ')} ORDER BY updated_at DESC, seq DESC`, args);
    const threads = rows.map(fromRow);
    return filter.ownerId === undefined ? threads : threads.filter((t) => t.ownerId === filter.ownerId);
  }

  /** Deletes a thread and its messages; its transcript mirror stays (the transcripts routes own it). */
  async remove(id: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM chat_messages WHERE thread_id = ?', [id]);
    await this.deps.storage.run('DELETE FROM chat_threads WHERE id = ?', [id]);
  }

  async setCtaState(id: string, state: CtaState): Promise<void> {
    await this.deps.storage.run('UPDATE chat_threads SET cta_state = ? WHERE id = ?', [JSON.stringify(state), id]);
  }

  /**
   * Appends a message to the thread and to its mirror transcript; answers it in the ChatMessage shape.
   * `emit: false` (a scenario's history) stores it without raising `chat.message.stored`.
   */
  async append(thread: ThreadRecord, message: NewMessage, options: { emit?: boolean } = {}): Promise<ChatMessageOut> {
    const now = this.deps.clock.now();
    const id = this.deps.ids.objectId();
    const current = (await this.get(thread.id)) as ThreadRecord;
    const position = current.messageCount;
    await this.deps.storage.run(
      `INSERT INTO chat_messages (id, thread_id, position, role, content, content_type, token_count, context, metadata, timestamp)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        thread.id,
        position,
        message.role,
        message.content,
        message.contentType ?? null,
        message.tokenCount,
        message.context === undefined ? null : JSON.stringify(message.context),
        JSON.stringify(message.metadata),
        now,
      ],
    );
    await this.deps.storage.run(
      'UPDATE chat_threads SET message_count = ?, assistant_replies = ?, last_message_at = ?, updated_at = ? WHERE id = ?',
      [position + 1, current.assistantReplies + (message.role === 'assistant' ? 1 : 0), now, now, thread.id],
    );
    if (this.events && options.emit !== false && message.role !== 'system') {
      await this.events.emit({
        workspaceId: thread.workspaceId,
        kind: 'chat.message.stored',
        data: {
          threadId: thread.id,
          messageId: id,
          role: message.role,
          content: message.content,
          releaseId: thread.releaseId,
          ...(thread.kind === 'user' && { userId: thread.ownerId }),
        },
      });
    }
    // Read back after the listeners: a flagger may have tagged the message's metadata.
    const row = (await this.deps.storage.get<MessageRow>('SELECT * FROM chat_messages WHERE id = ?', [id])) as MessageRow;
    const metadata = parseJson<Record<string, unknown>>(row.metadata, {});
    // A transcript deleted through the transcripts routes stops mirroring; the thread goes on.
    const mirror = await this.transcripts.exists(null, thread.id);
    if (mirror && !mirror.locked) {
      await this.transcripts.insertMessage(thread.id, {
        role: message.role,
        content: message.content,
        timestamp: now,
        context: message.context ?? [],
        id,
        tokenCount: message.tokenCount,
        ...(Object.keys(metadata).length > 0 && { metadata }),
      });
    }
    return messageOut(row);
  }

  /** Records a flag on a stored message: `metadata.flags` lists it, `metadata.tags` gains its tags. */
  async tagMessage(messageId: string, flag: { flagId: string; flaggerId: string; tags: string[] }): Promise<boolean> {
    const row = await this.deps.storage.get<{ metadata: string }>('SELECT metadata FROM chat_messages WHERE id = ?', [messageId]);
    if (!row) return false;
    const metadata = parseJson<Record<string, unknown>>(row.metadata, {});
    const flags = Array.isArray(metadata.flags) ? metadata.flags : [];
    const tags = Array.isArray(metadata.tags) ? metadata.tags : metadata.tags === undefined ? [] : undefined;
    const next = { ...metadata, flags: [...flags, flag], ...(tags && { tags: [...tags, ...flag.tags.filter((t) => !tags.includes(t))] }) };
    await this.deps.storage.run('UPDATE chat_messages SET metadata = ? WHERE id = ?', [JSON.stringify(next), messageId]);
    return true;
  }

  async messages(threadId: string, limit: number, offset: number): Promise<ChatMessageOut[]> {
    const rows = await this.deps.storage.all<MessageRow>('SELECT * FROM chat_messages WHERE thread_id = ? ORDER BY position LIMIT ? OFFSET ?', [
      threadId,
      limit,
      offset,
    ]);
    return rows.map(messageOut);
  }

  /** Every turn of a thread, oldest first, for building the next prompt. */
  async history(threadId: string): Promise<{ id: string; role: string; content: string }[]> {
    return this.deps.storage.all<{ id: string; role: string; content: string }>(
      'SELECT id, role, content FROM chat_messages WHERE thread_id = ? ORDER BY position',
      [threadId],
    );
  }

  async hasMessage(threadId: string, messageId: string): Promise<boolean> {
    return (await this.deps.storage.get('SELECT id FROM chat_messages WHERE id = ? AND thread_id = ?', [messageId, threadId])) !== undefined;
  }
}
