// The transcripts routes (spec section 4): list, create, get with a page of messages, delete,
// append, and the server SDK's batch ingest. This mount takes API keys only (x-api-key or a key
// as Bearer); user tokens get the workspace mount (workspace-routes.ts).
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import {
  CreateTranscriptSchema,
  IngestBatchAnswerSchema,
  IngestBatchSchema,
  ListQuerySchema,
  MessageAddedSchema,
  MessageInputSchema,
  MessagesQuerySchema,
  TranscriptListSchema,
  TranscriptParamsSchema,
  TranscriptSingleSchema,
  TranscriptListItemSchema,
} from './schema.js';
import type { TranscriptStore } from './store.js';
import { quickCreateBody } from './quick-create-body.js';
import { addMessage, createTranscript, deleteTranscript, getTranscript, ingestBatch, listTranscripts, sameWorkspace } from './handlers.js';
import { workspaceTranscriptRoutes } from './workspace-routes.js';

const TAG = 'transcripts';
const SDK_TRANSCRIPTS = 'https://sdk.divinci.ai/server/transcripts/';

/** What a user's token hears here (the real mount is key-only: REAL-WIRE section 9). */
const USER_TOKEN_HINT =
  'User access tokens are not accepted on /api/v1/transcripts: send a workspace API key (x-api-key, or Authorization: Bearer svc_…), ' +
  'or use the workspace mount /api/v1/workspaces/{workspaceId}/transcripts';

const keyAuth = (permission: 'transcript:read' | 'transcript:write'): RouteAuth => ({
  kind: 'apiKey',
  permission,
  feature: 'transcripts',
  userTokenHint: USER_TOKEN_HINT,
});

export function transcriptRoutes(store: TranscriptStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/transcripts',
      tag: TAG,
      summary: 'List the transcripts of the key’s workspace, most recently active first (`transcripts`/`pagination` and PaginatedResponse `data`)',
      auth: keyAuth('transcript:read'),
      realClient: SDK_TRANSCRIPTS,
      query: ListQuerySchema,
      response: TranscriptListSchema,
      cacheable: 'timeless',
      handler: ({ principal, query }) => {
        sameWorkspace(query.workspaceId, workspaceOf(principal));
        return listTranscripts(store, workspaceOf(principal), query);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/transcripts',
      tag: TAG,
      summary: 'Create a transcript, optionally with its first messages (the SDK’s `{workspaceId, releaseId?}` too)',
      auth: keyAuth('transcript:write'),
      realClient: SDK_TRANSCRIPTS,
      body: CreateTranscriptSchema,
      quickBody: quickCreateBody,
      response: TranscriptListItemSchema,
      status: 201,
      handler: ({ principal, body }) => createTranscript(store, workspaceOf(principal), body),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/transcripts/:transcriptId',
      tag: TAG,
      summary: 'Get one transcript with a page of its messages, oldest first',
      auth: keyAuth('transcript:read'),
      realClient: SDK_TRANSCRIPTS,
      params: TranscriptParamsSchema,
      query: MessagesQuerySchema,
      response: TranscriptSingleSchema,
      cacheable: 'timeless',
      handler: ({ principal, params, query }) => getTranscript(store, workspaceOf(principal), params.transcriptId, query.limit, query.offset),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/transcripts/:transcriptId',
      tag: TAG,
      summary: 'Delete a transcript and its messages',
      auth: keyAuth('transcript:write'),
      emulatorDefined: true,
      realClient: SDK_TRANSCRIPTS,
      params: TranscriptParamsSchema,
      handler: ({ principal, params }) => deleteTranscript(store, workspaceOf(principal), params.transcriptId),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/transcripts/:transcriptId/messages',
      tag: TAG,
      summary: 'Append a message; answers `status` and the stored message (with its `_id`)',
      auth: keyAuth('transcript:write'),
      realClient: SDK_TRANSCRIPTS,
      params: TranscriptParamsSchema,
      body: MessageInputSchema,
      response: MessageAddedSchema,
      handler: ({ principal, params, body }) => addMessage(store, workspaceOf(principal), params.transcriptId, body),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/transcripts/:transcriptId/ingest-batch',
      tag: TAG,
      summary: 'Record a whole externally generated conversation in one call (the SDK’s ingestBatch); all items or none',
      auth: keyAuth('transcript:write'),
      emulatorDefined: true,
      realClient: SDK_TRANSCRIPTS,
      params: TranscriptParamsSchema,
      body: IngestBatchSchema,
      response: IngestBatchAnswerSchema,
      handler: ({ principal, params, body }) => ingestBatch(store, workspaceOf(principal), params.transcriptId, body),
    }),
    ...workspaceTranscriptRoutes(store),
  ];
}
