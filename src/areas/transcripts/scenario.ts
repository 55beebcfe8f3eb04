// Loads a workspace's transcripts from a scenario (its `transcripts` field, validated by the scenario
// document's schema): without a `createdAt`, the n-th of N is N - n hours old, and its messages
// follow 45 seconds apart (never after now).
import type { AreaLoadTarget } from '../../core/area.js';
import type { MessageInput } from './schema.js';
import type { TranscriptStore } from './store.js';

const HOUR_MS = 3_600_000;
const MESSAGE_GAP_MS = 45_000;

/** A scenario's transcript. */
export interface TranscriptDoc {
  id?: string | undefined;
  title: string;
  locked?: boolean | undefined;
  hideConversationStarters?: boolean | undefined;
  metadata?: Record<string, unknown> | undefined;
  childTranscripts?: string[] | undefined;
  sessionId?: string | undefined;
  createdAt?: string | undefined;
  messages: MessageInput[];
}

export async function loadTranscripts(docs: TranscriptDoc[], { workspaceId, handle, now }: AreaLoadTarget, transcripts: TranscriptStore): Promise<void> {
  const count = docs.length;
  for (const [index, transcript] of docs.entries()) {
    const createdAt = transcript.createdAt ? Date.parse(transcript.createdAt) : now - (count - index) * HOUR_MS;
    const messages = transcript.messages.map((m, i) => (m.timestamp === undefined ? { ...m, timestamp: Math.min(now, createdAt + i * MESSAGE_GAP_MS) } : m));
    const transcriptId = await transcripts.create(workspaceId, {
      ...(transcript.id !== undefined && { id: transcript.id }),
      title: transcript.title,
      ...(transcript.locked !== undefined && { locked: transcript.locked }),
      ...(transcript.hideConversationStarters !== undefined && { hideConversationStarters: transcript.hideConversationStarters }),
      ...(transcript.metadata !== undefined && { metadata: transcript.metadata }),
      ...(transcript.childTranscripts !== undefined && { childTranscripts: transcript.childTranscripts }),
      ...(transcript.sessionId !== undefined && { sessionId: transcript.sessionId }),
      createdAt,
      messages,
    });
    handle.transcripts.push({ id: transcriptId, title: transcript.title });
  }
}
