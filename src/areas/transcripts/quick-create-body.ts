// The common body of a transcript create, checked with plain code before zod: a title, a few
// messages, flags. It answers what `CreateTranscriptSchema` answers for a body it accepts; anything
// else (an error, an extra field, a string timestamp) is left to the schema, so every refusal keeps
// zod's words. In place zod cost about 20-30 µs a create; this is about 1 µs.
import {
  MAX_CHILD_TRANSCRIPTS,
  MAX_CONTENT_CHARS,
  MAX_MESSAGES_PER_CREATE,
  MAX_REF_CHARS,
  MAX_TITLE_CHARS,
  MESSAGE_ROLES,
  type CreateTranscriptInput,
  type MessageInput,
} from './schema.js';

const ROLES: ReadonlySet<unknown> = new Set(MESSAGE_ROLES);

/** An object zod's `z.record` takes, as JSON.parse makes them (no functions, no prototypes). */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string of `1..max` characters (`z.string().check(z.minLength(1), z.maxLength(max))`). */
const isRef = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= MAX_REF_CHARS;

function allRecords(values: unknown[]): boolean {
  for (const value of values) if (!isRecord(value)) return false;
  return true;
}

/** A message as `MessageInputSchema` answers it (its fields in the schema's order), or undefined. */
function quickMessage(value: unknown): MessageInput | undefined {
  if (!isRecord(value)) return undefined;
  let role: string | undefined;
  let content: unknown;
  let timestamp: number | undefined;
  let context: Record<string, unknown>[] | undefined;
  for (const key in value) {
    const field = value[key];
    switch (key) {
      case 'role':
        if (!ROLES.has(field)) return undefined;
        role = field as string;
        break;
      case 'content':
        // A string up to the cap, or an object or array (zod copies them: the same JSON).
        if (typeof field === 'string' ? field.length > MAX_CONTENT_CHARS : typeof field !== 'object' || field === null) return undefined;
        content = field;
        break;
      case 'timestamp':
        // Epoch ms; an ISO text goes to the schema.
        if (typeof field !== 'number' || !Number.isSafeInteger(field) || field < 0) return undefined;
        timestamp = field;
        break;
      case 'context':
        if (!Array.isArray(field) || !allRecords(field)) return undefined;
        context = field as Record<string, unknown>[];
        break;
      default:
        return undefined;
    }
  }
  if (role === undefined || content === undefined) return undefined;
  const message = { role, content } as MessageInput;
  if (timestamp !== undefined) message.timestamp = timestamp;
  if (context !== undefined) message.context = context;
  return message;
}

function quickMessages(value: unknown): MessageInput[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_MESSAGES_PER_CREATE) return undefined;
  const messages: MessageInput[] = [];
  for (const item of value) {
    const message = quickMessage(item);
    if (message === undefined) return undefined;
    messages.push(message);
  }
  return messages;
}

function isChildList(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length > MAX_CHILD_TRANSCRIPTS) return false;
  for (const child of value) if (typeof child !== 'string' || child.length === 0) return false;
  return true;
}

/**
 * The parsed create body, when it has only the schema's own fields, each well-formed: the value
 * `CreateTranscriptSchema` parses it to (fields in the schema's order, the title trimmed).
 * Undefined for anything else, which the schema then answers.
 */
export function quickCreateBody(value: unknown): CreateTranscriptInput | undefined {
  if (!isRecord(value)) return undefined;
  let title: string | undefined;
  let locked: boolean | undefined;
  let hideConversationStarters: boolean | undefined;
  let metadata: Record<string, unknown> | undefined;
  let childTranscripts: string[] | undefined;
  let messages: MessageInput[] | undefined;
  let workspaceId: string | undefined;
  let releaseId: string | undefined;
  for (const key in value) {
    const field = value[key];
    switch (key) {
      case 'title':
        if (typeof field !== 'string') return undefined;
        title = field.trim();
        if (title.length === 0 || title.length > MAX_TITLE_CHARS) return undefined;
        break;
      case 'locked':
        if (typeof field !== 'boolean') return undefined;
        locked = field;
        break;
      case 'hideConversationStarters':
        if (typeof field !== 'boolean') return undefined;
        hideConversationStarters = field;
        break;
      case 'metadata':
        if (!isRecord(field)) return undefined;
        metadata = field;
        break;
      case 'childTranscripts':
        if (!isChildList(field)) return undefined;
        childTranscripts = field;
        break;
      case 'messages':
        messages = quickMessages(field);
        if (messages === undefined) return undefined;
        break;
      case 'workspaceId':
        if (!isRef(field)) return undefined;
        workspaceId = field;
        break;
      case 'releaseId':
        if (!isRef(field)) return undefined;
        releaseId = field;
        break;
      default:
        return undefined;
    }
  }
  const body: CreateTranscriptInput = {};
  if (title !== undefined) body.title = title;
  if (locked !== undefined) body.locked = locked;
  if (hideConversationStarters !== undefined) body.hideConversationStarters = hideConversationStarters;
  if (metadata !== undefined) body.metadata = metadata;
  if (childTranscripts !== undefined) body.childTranscripts = childTranscripts;
  if (messages !== undefined) body.messages = messages;
  if (workspaceId !== undefined) body.workspaceId = workspaceId;
  if (releaseId !== undefined) body.releaseId = releaseId;
  return body;
}
