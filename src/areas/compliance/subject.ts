// What the service holds about one data subject in one workspace: resolving {userId | email |
// externalUserId} to the usage subjects rows are stored under (`user:ID`, `apikeyuser:ID`), then
// reading (export) or removing (deletion) their threads, messages, transcripts, feedback, terms
// acceptances and end-user records.
import type { Storage } from '../../storage/storage.js';
import { parseJson, toIso } from '../../core/services.js';
import type { ComplianceSubject } from '../../types/integrations.js';
import { transcriptContent } from '../export/public.js';

type Row = { [column: string]: string | number | null };

export interface ResolvedSubject {
  /** Platform user ids. */
  userIds: string[];
  /** api_key_users ids (an integrator's end users). */
  endUserIds: string[];
  /** Usage subjects rows are owned under. */
  subjects: string[];
  email?: string;
  /** Ids a transcript's metadata may name its author by. */
  metadataIds: string[];
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export async function resolveSubject(storage: Storage, workspaceId: string, subject: ComplianceSubject): Promise<ResolvedSubject> {
  const userIds = new Set<string>();
  const endUsers = new Set<string>();
  const metadataIds = new Set<string>();
  if (subject.userId !== undefined) {
    userIds.add(subject.userId);
    metadataIds.add(subject.userId);
    // An embed `userId` is the integrator's external id: the same value names both.
    for (const r of await storage.all<Row>('SELECT id FROM api_key_users WHERE workspace_id = ? AND external_user_id = ?', [workspaceId, subject.userId])) endUsers.add(String(r.id));
  }
  if (subject.externalUserId !== undefined) {
    metadataIds.add(subject.externalUserId);
    for (const r of await storage.all<Row>('SELECT id FROM api_key_users WHERE workspace_id = ? AND external_user_id = ?', [workspaceId, subject.externalUserId])) endUsers.add(String(r.id));
  }
  if (subject.email !== undefined) {
    for (const r of await storage.all<Row>('SELECT id FROM users WHERE LOWER(email) = LOWER(?)', [subject.email])) userIds.add(String(r.id));
    for (const r of await storage.all<Row>('SELECT id, external_user_id FROM api_key_users WHERE workspace_id = ? AND LOWER(email) = LOWER(?)', [workspaceId, subject.email])) {
      endUsers.add(String(r.id));
      metadataIds.add(String(r.external_user_id));
    }
  }
  const subjects = [...[...userIds].map((id) => `user:${id}`), ...[...endUsers].map((id) => `apikeyuser:${id}`)];
  return { userIds: [...userIds], endUserIds: [...endUsers], subjects, metadataIds: [...metadataIds], ...(subject.email !== undefined && { email: subject.email }) };
}

async function inList(storage: Storage, sql: (list: string) => string, ids: string[], before: (string | number)[] = []): Promise<Row[]> {
  if (ids.length === 0) return [];
  return storage.all<Row>(sql(placeholders(ids.length)), [...before, ...ids]);
}

async function deleteIn(storage: Storage, sql: (list: string) => string, ids: string[], after: (string | number)[] = []): Promise<void> {
  if (ids.length > 0) await storage.run(sql(placeholders(ids.length)), [...ids, ...after]);
}

/** Transcripts (the transcripts API's) whose metadata names the subject as userId, externalUserId or email. */
async function ownTranscripts(storage: Storage, workspaceId: string, who: ResolvedSubject): Promise<Row[]> {
  const rows = await storage.all<Row>('SELECT id, title, metadata, created_at FROM transcripts WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
  return rows.filter((r) => {
    const m = parseJson<Record<string, unknown>>(r.metadata, {});
    return who.metadataIds.some((id) => m.userId === id || m.externalUserId === id) || (who.email !== undefined && typeof m.email === 'string' && m.email.toLowerCase() === who.email.toLowerCase());
  });
}

async function ownFeedback(storage: Storage, workspaceId: string, who: ResolvedSubject): Promise<Row[]> {
  const rows = await storage.all<Row>('SELECT * FROM feedback WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
  const subjects = new Set(who.subjects);
  const ids = new Set([...who.userIds, ...who.metadataIds]);
  return rows.filter((r) => subjects.has(String(r.subject)) || (r.user_id !== null && ids.has(String(r.user_id))) || (who.email !== undefined && typeof r.email === 'string' && r.email.toLowerCase() === who.email.toLowerCase()));
}

const iso = (v: string | number | null | undefined) => (v === null || v === undefined ? null : toIso(Number(v)));

/** Everything held about the subject in the workspace, as one JSON document. */
export async function collectSubject(storage: Storage, workspaceId: string, who: ResolvedSubject) {
  const users = await inList(storage, (l) => `SELECT id, email, name, nickname, picture, created_at FROM users WHERE id IN (${l})`, who.userIds);
  const memberships = await inList(storage, (l) => `SELECT user_id, role, joined_at FROM workspace_members WHERE workspace_id = ? AND user_id IN (${l})`, who.userIds, [workspaceId]);
  const endUsers = await inList(storage, (l) => `SELECT id, external_user_id, email, name, membership_tier, created_at, last_used_at FROM api_key_users WHERE id IN (${l})`, who.endUserIds);
  const threads = await inList(storage, (l) => `SELECT id, release_id, title, kind, created_at FROM chat_threads WHERE workspace_id = ? AND owner_subject IN (${l}) ORDER BY seq`, who.subjects, [workspaceId]);
  const messages = await inList(storage, (l) => `SELECT id, thread_id, position, role, content, timestamp FROM chat_messages WHERE thread_id IN (${l}) ORDER BY thread_id, position`, threads.map((t) => String(t.id)));
  const transcripts = await ownTranscripts(storage, workspaceId, who);
  const transcriptMessages = await inList(storage, (l) => `SELECT transcript_id, position, role, content, timestamp FROM transcript_messages WHERE transcript_id IN (${l}) ORDER BY transcript_id, position`, transcripts.map((t) => String(t.id)));
  const feedback = await ownFeedback(storage, workspaceId, who);
  const acceptances = await inList(storage, (l) => `SELECT a.tos_id, a.version, a.accepted_at FROM terms_acceptances a JOIN terms t ON t.id = a.tos_id WHERE t.workspace_id = ? AND a.subject IN (${l})`, who.subjects, [workspaceId]);
  return {
    users: users.map((u) => ({ ...u, created_at: iso(u.created_at) })),
    memberships: memberships.map((m) => ({ ...m, joined_at: iso(m.joined_at) })),
    endUsers: endUsers.map((u) => ({ ...u, created_at: iso(u.created_at), last_used_at: iso(u.last_used_at) })),
    threads: threads.map((t) => ({ ...t, created_at: iso(t.created_at), messages: messages.filter((m) => m.thread_id === t.id).map((m) => ({ ...m, timestamp: iso(m.timestamp) })) })),
    transcripts: transcripts.map((t) => ({ id: t.id, title: t.title, created_at: iso(t.created_at), messages: transcriptMessages.filter((m) => m.transcript_id === t.id).map((m) => ({ ...m, content: transcriptContent(m.content ?? null), timestamp: iso(m.timestamp) })) })),
    feedback: feedback.map((f) => ({ id: f.id, release_id: f.release_id, message_ref: f.message_ref, sentiment: f.sentiment, feedback: f.feedback, source: f.source, email: f.email, created_at: iso(f.created_at) })),
    termsAcceptances: acceptances.map((a) => ({ ...a, accepted_at: iso(a.accepted_at) })),
  };
}

export type SubjectData = Awaited<ReturnType<typeof collectSubject>>;

export function countsOf(data: SubjectData): Record<string, number> {
  return {
    users: data.users.length,
    memberships: data.memberships.length,
    endUsers: data.endUsers.length,
    threads: data.threads.length,
    messages: data.threads.reduce((n, t) => n + t.messages.length, 0),
    transcripts: data.transcripts.length,
    transcriptMessages: data.transcripts.reduce((n, t) => n + t.messages.length, 0),
    feedback: data.feedback.length,
    termsAcceptances: data.termsAcceptances.length,
  };
}

/**
 * Removes what the subject wrote or left: their chat threads with every message, their transcripts
 * (through `deleteTranscript`, which keeps the list index in step), feedback, terms acceptances,
 * end-user records and embed sessions. Platform accounts and memberships stay (they are the
 * workspace's, and a user may belong to other workspaces). Answers the counts removed.
 */
export async function eraseSubject(storage: Storage, workspaceId: string, who: ResolvedSubject, deleteTranscript: (id: string) => Promise<boolean>): Promise<Record<string, number>> {
  const data = await collectSubject(storage, workspaceId, who);
  const threadIds = data.threads.map((t) => String((t as unknown as Row).id));
  await deleteIn(storage, (l) => `DELETE FROM chat_messages WHERE thread_id IN (${l})`, threadIds);
  await deleteIn(storage, (l) => `DELETE FROM chat_threads WHERE id IN (${l})`, threadIds);
  for (const t of data.transcripts) await deleteTranscript(String(t.id));
  await deleteIn(storage, (l) => `DELETE FROM feedback WHERE id IN (${l})`, data.feedback.map((f) => String(f.id)));
  await deleteIn(storage, (l) => `DELETE FROM terms_acceptances WHERE subject IN (${l}) AND tos_id IN (SELECT id FROM terms WHERE workspace_id = ?)`, who.subjects, [workspaceId]);
  const sessions = await inList(storage, (l) => `SELECT id FROM embed_sessions WHERE api_key_user_id IN (${l})`, who.endUserIds);
  await deleteIn(storage, (l) => `DELETE FROM embed_sessions WHERE api_key_user_id IN (${l})`, who.endUserIds);
  await deleteIn(storage, (l) => `DELETE FROM api_key_users WHERE id IN (${l})`, who.endUserIds);
  const counts = countsOf(data);
  return {
    threads: counts.threads!,
    messages: counts.messages!,
    transcripts: counts.transcripts!,
    transcriptMessages: counts.transcriptMessages!,
    feedback: counts.feedback!,
    termsAcceptances: counts.termsAcceptances!,
    endUsers: counts.endUsers!,
    sessions: sessions.length,
  };
}
