// A new transcript's row and its messages' column values, final from the start (the store writes
// them as they are and answers the create from them without reading back).
import type { CreateTranscriptInput, MessageInput } from './schema.js';

export const DEFAULT_TITLE = 'Untitled transcript';

export interface TranscriptRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  workspace_id: string;
  title: string;
  locked: number;
  hide_conversation_starters: number;
  metadata: string;
  child_transcripts: string;
  extra: string;
  session_id: string | null;
  message_count: number;
  last_message_at: number;
  created_at: number;
  updated_at: number;
}

export interface ListRow extends TranscriptRow {
  first_role: string | null;
  first_at: number | null;
  first_content: string | null;
  last_role: string | null;
  last_at: number | null;
  last_content: string | null;
}

/** Splits a message body into its known columns and the extra fields kept alongside. */
export function splitMessage(message: MessageInput) {
  // A client's `_id` (a message copied from a read) is ignored: the service names messages.
  const { role, content, timestamp, context, _id: _ignored, ...extra } = message;
  return { role, content, timestamp, context: context ?? [], extra };
}

type MessageValues = readonly [string, number, string, string | null, number, string, string];

interface NewTranscript extends Pick<CreateTranscriptInput, 'title' | 'locked' | 'hideConversationStarters' | 'metadata' | 'childTranscripts'> {
  transcriptId: string;
  seq: number;
  workspaceId: string;
  now: number;
  messages: MessageInput[];
  sessionId: string | undefined;
  extra: Record<string, unknown>;
}

/** The transcript row (list-item columns included) and its messages' values, in position order. */
export function newTranscriptRow(input: NewTranscript): { row: ListRow; rows: MessageValues[]; updatedAt: number } {
  const { transcriptId, seq, workspaceId, now, messages, title, locked, hideConversationStarters, metadata, childTranscripts, sessionId, extra } = input;
  let updatedAt = now;
  let lastAt = 0;
  const rows = messages.map((message, position) => {
    const { role, content, timestamp, context, extra: fields } = splitMessage(message);
    const at = timestamp === undefined ? now : typeof timestamp === 'number' ? timestamp : Date.parse(timestamp);
    lastAt = at;
    updatedAt = Math.max(updatedAt, at);
    return [transcriptId, position, role, JSON.stringify(content) ?? null, at, JSON.stringify(context), JSON.stringify(fields)] as MessageValues;
  });
  const row: ListRow = {
    id: transcriptId,
    seq,
    workspace_id: workspaceId,
    title: title ?? DEFAULT_TITLE,
    locked: locked ? 1 : 0,
    hide_conversation_starters: hideConversationStarters ? 1 : 0,
    metadata: JSON.stringify(metadata ?? {}),
    child_transcripts: JSON.stringify(childTranscripts ?? []),
    extra: JSON.stringify(extra),
    session_id: sessionId ?? null,
    message_count: rows.length,
    last_message_at: lastAt,
    created_at: now,
    updated_at: updatedAt,
    first_role: rows[0]?.[2] ?? null,
    first_at: rows[0]?.[4] ?? null,
    first_content: rows[0]?.[3] ?? null,
    last_role: rows.at(-1)?.[2] ?? null,
    last_at: rows.at(-1)?.[4] ?? null,
    last_content: rows.at(-1)?.[3] ?? null,
  };
  return { row, rows, updatedAt };
}
