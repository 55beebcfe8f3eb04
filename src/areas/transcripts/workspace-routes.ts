// The workspace mount of transcripts, `/api/v1/workspaces/{workspaceId}/transcripts/*`: the same
// stores for a member's access token (viewers read, editors and up write) and for the workspace's
// own keys. The server SDK in `accessToken` mode needs it (REAL-WIRE section 9).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteAuth, type RouteDef } from '../../core/route.js';
import {
  CreateTranscriptSchema,
  IngestBatchAnswerSchema,
  IngestBatchSchema,
  ListQuerySchema,
  MessageAddedSchema,
  MessageInputSchema,
  MessagesQuerySchema,
  TranscriptListItemSchema,
  TranscriptListSchema,
  TranscriptSingleSchema,
} from './schema.js';
import type { TranscriptStore } from './store.js';
import { quickCreateBody } from './quick-create-body.js';
import { addMessage, createTranscript, deleteTranscript, getTranscript, ingestBatch, listTranscripts, sameWorkspace } from './handlers.js';

const TAG = 'workspaces/:workspaceId/transcripts';
const BASE = '/api/v1/workspaces/:workspaceId/transcripts';
/** A public Divinci extension README (server SDK 0.1.10) names this mount for OAuth callers. */
const REAL_CLIENT = 'https://sdk.divinci.ai/server/transcripts/ (accessToken mode; REAL-WIRE section 9)';

const WorkspaceParams = lazySchema(() => z.object({ workspaceId: z.string().min(1).max(200) }));
const TranscriptParams = lazySchema(() => WorkspaceParams.extend({ transcriptId: z.string().min(1).max(200) }));

const read: RouteAuth = { kind: 'workspace', level: 'read', param: 'workspaceId', permission: 'transcript:read', feature: 'transcripts' };
const write: RouteAuth = { kind: 'workspace', level: 'write', param: 'workspaceId', permission: 'transcript:write', feature: 'transcripts' };

export function workspaceTranscriptRoutes(store: TranscriptStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'List the workspace’s transcripts, most recently active first (as GET /api/v1/transcripts answers)',
      auth: read,
      realClient: REAL_CLIENT,
      params: WorkspaceParams,
      query: ListQuerySchema,
      response: TranscriptListSchema,
      handler: ({ principal, query }) => {
        sameWorkspace(query.workspaceId, workspaceOf(principal));
        return listTranscripts(store, workspaceOf(principal), query);
      },
    }),
    defineRoute({
      method: 'POST',
      path: BASE,
      tag: TAG,
      summary: 'Create a transcript in the workspace',
      auth: write,
      realClient: REAL_CLIENT,
      params: WorkspaceParams,
      body: CreateTranscriptSchema,
      quickBody: quickCreateBody,
      response: TranscriptListItemSchema,
      status: 201,
      handler: ({ principal, body }) => createTranscript(store, workspaceOf(principal), body),
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:transcriptId`,
      tag: TAG,
      summary: 'Get one transcript with a page of its messages, oldest first',
      auth: read,
      realClient: REAL_CLIENT,
      params: TranscriptParams,
      query: MessagesQuerySchema,
      response: TranscriptSingleSchema,
      handler: ({ principal, params, query }) => getTranscript(store, workspaceOf(principal), params.transcriptId, query.limit, query.offset),
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:transcriptId`,
      tag: TAG,
      summary: 'Delete a transcript and its messages',
      auth: write,
      emulatorDefined: true,
      realClient: REAL_CLIENT,
      params: TranscriptParams,
      handler: ({ principal, params }) => deleteTranscript(store, workspaceOf(principal), params.transcriptId),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:transcriptId/messages`,
      tag: TAG,
      summary: 'Append a message; answers `status` and the stored message',
      auth: write,
      realClient: REAL_CLIENT,
      params: TranscriptParams,
      body: MessageInputSchema,
      response: MessageAddedSchema,
      handler: ({ principal, params, body }) => addMessage(store, workspaceOf(principal), params.transcriptId, body),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:transcriptId/ingest-batch`,
      tag: TAG,
      summary: 'Record a whole externally generated conversation in one call; all items or none',
      auth: write,
      emulatorDefined: true,
      realClient: REAL_CLIENT,
      params: TranscriptParams,
      body: IngestBatchSchema,
      response: IngestBatchAnswerSchema,
      handler: ({ principal, params, body }) => ingestBatch(store, workspaceOf(principal), params.transcriptId, body),
    }),
  ];
}
