// A transcript's answers made from its rows: list items, messages and their previews (the JSON the
// routes answer, the same whether a row was just written or read back).
import { parseJson, toIso } from '../../core/services.js';
import { PREVIEW_MAX_CHARS } from './schema.js';
import { messageId } from './message-id.js';
import type { ListRow, TranscriptRow } from './new-row.js';

export interface MessageRow {
  [column: string]: string | number | null;
  transcript_id: string;
  position: number;
  role: string;
  content: string;
  timestamp: number;
  context: string;
  extra: string;
}

export interface MessagePreview {
  role: string;
  timestamp: number;
  content?: string;
}

export interface StoredMessage {
  role: string;
  content: unknown;
  timestamp: string;
  context: Record<string, unknown>[];
  [extra: string]: unknown;
}

/** Cuts text to `max` whole code points without walking the rest of it. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  let count = 0;
  for (const char of text) {
    if (count++ === max) break;
    out += char;
  }
  return out;
}

function preview(role: string | null, timestamp: number | null, content: string | null): MessagePreview | null {
  if (role === null || timestamp === null || content === null) return null;
  const out: MessagePreview = { role, timestamp: Number(timestamp) };
  // Stored content is JSON text: a string starts with a quote; anything else is structured.
  if (content.startsWith('"')) out.content = cut(JSON.parse(content) as string, PREVIEW_MAX_CHARS);
  return out;
}

export function messageOut(row: MessageRow, withId = false): StoredMessage {
  return {
    ...parseJson<Record<string, unknown>>(row.extra, {}),
    role: row.role,
    content: JSON.parse(row.content) as unknown,
    timestamp: toIso(Number(row.timestamp)),
    context: parseJson(row.context, []),
    ...(withId && { _id: messageId(row.transcript_id, Number(row.position)) }),
  };
}

export function baseFields(row: TranscriptRow) {
  return {
    _id: row.id,
    title: row.title,
    locked: row.locked === 1,
    hideConversationStarters: row.hide_conversation_starters === 1,
    metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
    messageCount: Number(row.message_count),
    lastMessageTimestamp: Number(row.last_message_at),
    childTranscripts: parseJson<string[]>(row.child_transcripts, []),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

export type ListItem = ReturnType<typeof listItem>;

export function listItem(row: ListRow) {
  return {
    ...parseJson<Record<string, unknown>>(row.extra, {}),
    ...baseFields(row),
    firstMessage: preview(row.first_role, row.first_at, row.first_content),
    lastMessage: preview(row.last_role, row.last_at, row.last_content),
  };
}
