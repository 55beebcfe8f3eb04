// The transcripts routes (spec section 4): list, create, get with a page of messages, delete, append.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import {
  CreateTranscriptSchema,
  ListQuerySchema,
  MessageInputSchema,
  MessagesQuerySchema,
  StatusOkSchema,
  TranscriptListSchema,
  TranscriptParamsSchema,
  TranscriptSingleSchema,
  TranscriptListItemSchema,
} from './schema.js';
import type { TranscriptStore } from './store.js';
import { transcriptLocked, transcriptNotFound } from './errors.js';

const TAG = 'transcripts';

export function transcriptRoutes(store: TranscriptStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/transcripts',
      tag: TAG,
      summary: 'List the transcripts of the key’s workspace, most recently active first',
      auth: { kind: 'apiKey', permission: 'transcript:read', feature: 'transcripts' },
      query: ListQuerySchema,
      response: TranscriptListSchema,
      handler: ({ principal, query }) => store.list(workspaceOf(principal), query.page, query.limit),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/transcripts',
      tag: TAG,
      summary: 'Create a transcript, optionally with its first messages',
      auth: { kind: 'apiKey', permission: 'transcript:write', feature: 'transcripts' },
      body: CreateTranscriptSchema,
      response: TranscriptListItemSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const id = await store.create(workspaceId, body);
        return store.listItem(workspaceId, id);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/transcripts/:transcriptId',
      tag: TAG,
      summary: 'Get one transcript with a page of its messages, oldest first',
      auth: { kind: 'apiKey', permission: 'transcript:read', feature: 'transcripts' },
      params: TranscriptParamsSchema,
      query: MessagesQuerySchema,
      response: TranscriptSingleSchema,
      handler: async ({ principal, params, query }) => {
        const transcript = await store.getOne(workspaceOf(principal), params.transcriptId, query.limit, query.offset);
        if (!transcript) throw transcriptNotFound();
        return transcript;
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/transcripts/:transcriptId',
      tag: TAG,
      summary: 'Delete a transcript and its messages',
      auth: { kind: 'apiKey', permission: 'transcript:write', feature: 'transcripts' },
      emulatorDefined: true,
      params: TranscriptParamsSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.transcriptId))) throw transcriptNotFound();
        return { status: 'ok', _id: params.transcriptId };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/transcripts/:transcriptId/messages',
      tag: TAG,
      summary: 'Append a message; the stored message is not echoed',
      auth: { kind: 'apiKey', permission: 'transcript:write', feature: 'transcripts' },
      params: TranscriptParamsSchema,
      body: MessageInputSchema,
      response: StatusOkSchema,
      handler: async ({ principal, params, body }) => {
        const found = await store.exists(workspaceOf(principal), params.transcriptId);
        if (!found) throw transcriptNotFound();
        if (found.locked) throw transcriptLocked();
        await store.insertMessage(params.transcriptId, body);
        return { status: 'ok' };
      },
    }),
  ];
}
