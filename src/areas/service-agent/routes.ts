// The service-agent routes: health, and session transcripts (create-or-get, sync, restore), which
// share the transcripts store. Auth is "none declared": credentials are optional but binding when
// sent (core/tenant.ts); without any, only session transcripts (made here) are reachable by id.
import type { Clock } from '../../clock/clock.js';
import { notFound, validationError } from '../../core/errors.js';
import { defineRoute, type Principal, type RouteDef } from '../../core/route.js';
import { boundWorkspaces, reaches } from '../../core/tenant.js';
import { transcriptLocked, transcriptNotFound } from '../transcripts/public.js';
import { MessagesQuerySchema } from '../transcripts/public.js';
import type { TranscriptStore } from '../transcripts/public.js';
import type { WorkspaceStore } from '../workspaces/public.js';
import {
  HealthAnswerSchema,
  SessionParamsSchema,
  SessionTranscriptAnswerSchema,
  SessionTranscriptSchema,
  SyncAnswerSchema,
  SyncSchema,
} from './schema.js';

const TAG = 'service-agent';
const optionalKey = { kind: 'apiKey', optional: true, feature: 'transcripts' } as const;

/**
 * A transcript by id as the caller may see it: bound credentials reach their workspaces' transcripts;
 * a caller with none reaches only transcripts of a service-agent session (the spec's no-auth path),
 * never a workspace's other transcripts. Anything else is "not found".
 */
async function reachable(transcripts: TranscriptStore, principal: Principal, id: string) {
  const found = await transcripts.exists(null, id);
  if (!found || !reaches(principal, found.workspaceId)) return undefined;
  if (boundWorkspaces(principal) === undefined && found.sessionId === null) return undefined;
  return found;
}

/** The workspace a session is created in: the one named (it must be the caller's), else the caller's only one. */
function sessionWorkspace(principal: Principal, named: string | undefined): string {
  const bound = boundWorkspaces(principal);
  if (named !== undefined) {
    // Credentials speak for their own workspaces only; naming another one finds nothing.
    if (bound !== undefined && !bound.includes(named)) throw notFound('Workspace');
    return named;
  }
  if (bound?.length === 1) return bound[0] as string;
  const why = bound === undefined ? 'workspaceId is required without credentials' : 'workspaceId is required: these credentials reach several workspaces, or none';
  throw validationError(why, [{ path: 'body.workspaceId', message: 'Required' }]);
}

export function serviceAgentRoutes(transcripts: TranscriptStore, workspaces: WorkspaceStore, clock: Clock): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/service-agent/health',
      tag: TAG,
      summary: 'Health check',
      auth: { kind: 'none' },
      emulatorDefined: true,
      response: HealthAnswerSchema,
      handler: () => ({ status: 'ok', service: 'service-agent', time: clock.iso() }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/service-agent/transcript',
      tag: TAG,
      summary: 'Create or get the transcript of a session',
      auth: optionalKey,
      emulatorDefined: true,
      body: SessionTranscriptSchema,
      response: SessionTranscriptAnswerSchema,
      handler: async ({ principal, body }) => {
        const workspaceId = sessionWorkspace(principal, body.workspaceId);
        if (!(await workspaces.get(workspaceId))) throw notFound('Workspace');
        let id = await transcripts.findBySession(workspaceId, body.sessionId);
        const created = id === undefined;
        id ??= await transcripts.create(workspaceId, {
          sessionId: body.sessionId,
          ...(body.title !== undefined && { title: body.title }),
          ...(body.metadata !== undefined && { metadata: body.metadata }),
        });
        const summary = await transcripts.summary(workspaceId, id);
        return { _id: id, sessionId: body.sessionId, title: summary?.title, messageCount: summary?.messageCount, created };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/service-agent/transcript/:transcriptId/sync',
      tag: TAG,
      summary: 'Sync a session’s messages: those beyond the stored count are appended',
      auth: optionalKey,
      emulatorDefined: true,
      params: SessionParamsSchema,
      body: SyncSchema,
      response: SyncAnswerSchema,
      handler: async ({ principal, params, body }) => {
        const found = await reachable(transcripts, principal, params.transcriptId);
        if (!found) throw transcriptNotFound();
        const summary = await transcripts.summary(found.workspaceId, params.transcriptId);
        const stored = Number(summary?.messageCount ?? 0);
        const fresh = body.messages.slice(stored);
        if (fresh.length > 0 && found.locked) throw transcriptLocked();
        for (const message of fresh) await transcripts.insertMessage(params.transcriptId, message);
        return { status: 'ok', added: fresh.length, messageCount: stored + fresh.length };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/service-agent/transcript/:transcriptId/messages',
      tag: TAG,
      summary: 'Messages for session restoration, oldest first',
      auth: optionalKey,
      emulatorDefined: true,
      params: SessionParamsSchema,
      query: MessagesQuerySchema,
      handler: async ({ principal, params, query }) => {
        const found = await reachable(transcripts, principal, params.transcriptId);
        const transcript = found && (await transcripts.getOne(found.workspaceId, params.transcriptId, query.limit, query.offset));
        if (!transcript) throw transcriptNotFound();
        return { _id: transcript._id, messages: transcript.messages, pagination: transcript.pagination };
      },
    }),
  ];
}
