// What the transcripts routes do, once for both mounts: the key-only `/api/v1/transcripts` and the
// workspace mount `/api/v1/workspaces/{workspaceId}/transcripts` (user tokens and keys).
import { notFound, validationError } from '../../core/errors.js';
import type { CreateTranscriptInput, IngestBatchInput, IngestItem, MessageInput } from './schema.js';
import type { TranscriptStore } from './store.js';
import { transcriptLocked, transcriptNotFound } from './errors.js';

/** Cursors are opaque to clients: an offset in base64url. */
const encodeCursor = (offset: number) => btoa(`t:${offset}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

function decodeCursor(cursor: string): number {
  let text = '';
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    // Not base64: reported below like any other foreign cursor.
  }
  const match = /^t:(\d{1,9})$/.exec(text);
  if (!match) throw validationError('Invalid cursor', [{ path: 'query.cursor', message: 'Not a cursor this API returned' }]);
  return Number(match[1]);
}

/** A workspace the caller names must be its own; any other "does not exist" for it. */
export function sameWorkspace(named: string | undefined, own: string): void {
  if (named !== undefined && named !== own) throw notFound('Workspace');
}

export interface ListQuery {
  page: number;
  limit: number;
  cursor?: string | undefined;
}

/** The spec's `transcripts` + `pagination`, and the PaginatedResponse the server SDK reads. */
export async function listTranscripts(store: TranscriptStore, workspaceId: string, query: ListQuery) {
  const offset = query.cursor !== undefined ? decodeCursor(query.cursor) : (query.page - 1) * query.limit;
  const { items, total } = await store.list(workspaceId, offset, query.limit);
  const next = offset + items.length;
  const hasMore = next < total;
  const page = Math.floor(offset / query.limit) + 1;
  return {
    transcripts: items,
    pagination: { page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit), hasMore },
    data: items,
    hasMore,
    ...(hasMore && { nextCursor: encodeCursor(next) }),
    total,
  };
}

/** Not an async wrapper: the store's own promise is handed back (a refused workspace throws before it). */
export function createTranscript(store: TranscriptStore, workspaceId: string, body: CreateTranscriptInput) {
  const { workspaceId: named, ...input } = body;
  sameWorkspace(named, workspaceId);
  return store.createListed(workspaceId, input);
}

export async function getTranscript(store: TranscriptStore, workspaceId: string, transcriptId: string, limit: number, offset: number) {
  const transcript = await store.getOne(workspaceId, transcriptId, limit, offset, true);
  if (!transcript) throw transcriptNotFound();
  return transcript;
}

export async function deleteTranscript(store: TranscriptStore, workspaceId: string, transcriptId: string) {
  if (!(await store.delete(workspaceId, transcriptId))) throw transcriptNotFound();
  return { status: 'ok', _id: transcriptId };
}

/** The transcript, if it is the workspace's and open for messages. */
async function writable(store: TranscriptStore, workspaceId: string, transcriptId: string): Promise<void> {
  const found = await store.exists(workspaceId, transcriptId);
  if (!found) throw transcriptNotFound();
  if (found.locked) throw transcriptLocked();
}

/** Appends one message: the spec's `status`, and the stored message the server SDK reads. */
export async function addMessage(store: TranscriptStore, workspaceId: string, transcriptId: string, body: MessageInput) {
  await writable(store, workspaceId, transcriptId);
  const position = await store.messageCount(transcriptId);
  await store.insertMessage(transcriptId, body);
  return { status: 'ok', message: await store.messageAt(transcriptId, position) };
}

/** An item with the batch defaults under it: the item's own release wins, metadata keys merge. */
function withDefaults(item: IngestItem, defaults: IngestBatchInput['defaults']): MessageInput {
  const release = item.release ?? defaults?.release;
  const metadata = defaults?.metadata || item.metadata ? { ...defaults?.metadata, ...item.metadata } : undefined;
  return { ...item, ...(release !== undefined && { release }), ...(metadata !== undefined && { metadata }) } as MessageInput;
}

/** Records a whole conversation in one call; the body was validated whole, so it is all or nothing. */
export async function ingestBatch(store: TranscriptStore, workspaceId: string, transcriptId: string, body: IngestBatchInput) {
  if (body.transcriptId !== undefined && body.transcriptId !== transcriptId) {
    throw validationError('The body names another transcript than the path', [{ path: 'body.transcriptId', message: 'Must equal the transcript in the path' }]);
  }
  sameWorkspace(body.workspaceId, workspaceId);
  await writable(store, workspaceId, transcriptId);
  const messageIds = await store.insertMessages(
    transcriptId,
    body.items.map((item) => withDefaults(item, body.defaults)),
  );
  return { inserted: messageIds.length, messageIds };
}
