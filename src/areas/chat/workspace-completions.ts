// `POST /api/v1/workspaces/{ws}/chat/completions` (REAL-WIRE section 9: the server SDK's mount for
// user tokens; the body beyond the path is emulator-defined): an OpenAI-style request answered by
// the same reply generator as chat, stored as a chat thread whose id is the transcript id.
import { z } from 'zod';
import { validationError } from '../../core/errors.js';
import { defineRoute, type EndUserPrincipal, type Principal, type RouteDef } from '../../core/route.js';
import { WorkspaceChatCompletionSchema, WorkspaceChatMessageSchema } from '../../types/model-lifecycle.js';
import type { ReleaseRecord, ReleaseStore } from '../releases/store.js';
import type { ChatAccess } from './access.js';
import { SendMessageSchema } from './schema.js';
import type { ChatService } from './send.js';
import { chatStreamResponse } from './streaming.js';
import type { ChatThreadStore } from './thread-store.js';
import { loadTokenizer } from './usage.js';

const TAG = 'workspaces/:workspaceId/chat';
const REAL_CLIENT = 'https://sdk.divinci.ai/getting-started/authentication (server SDK accessToken mode; REAL-WIRE section 9)';
const Id = z.string().min(1).max(200);

export const CompletionRequestSchema = z
  .object({
    messages: z.array(WorkspaceChatMessageSchema).min(1).max(200),
    /** The release whose settings (RAG indexes, assistant, prompt) answer; default: the workspace's first active release. */
    releaseId: Id.optional(),
    /** A model in place of the release's: a catalog id, or a fine-tune (`ft:…`) of the workspace once succeeded. */
    model: z.string().min(1).max(200).optional(),
    /** Continue a conversation this route answered before (its `transcriptId`); only the last message is sent then. */
    transcriptId: Id.optional(),
    /** `true` answers the chat stream events (text/event-stream), as the chat threads route does. */
    stream: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.messages[b.messages.length - 1]?.role === 'user', { message: 'The last message must be the user’s', path: ['messages'] });

const Params = z.object({ workspaceId: Id });

export interface WorkspaceCompletionDeps {
  releases: ReleaseStore;
  threads: ChatThreadStore;
  access: ChatAccess;
  chat: ChatService;
}

/** The chatting identity of a member's token or a workspace key: usage counts against it. */
function chatterOf(principal: Principal, workspaceId: string): EndUserPrincipal {
  if (principal.kind === 'user') return { kind: 'endUser', via: 'platform', subject: `user:${principal.userId}`, userId: principal.userId, workspaceId };
  if (principal.kind === 'apiKey') return { kind: 'endUser', via: 'apiKey', subject: `apikey:${principal.keyId}`, keyId: principal.keyId, workspaceId };
  throw new Error('workspace chat takes users and keys: check the route auth');
}

async function releaseFor(deps: WorkspaceCompletionDeps, chatter: EndUserPrincipal, workspaceId: string, releaseId?: string): Promise<ReleaseRecord> {
  if (releaseId !== undefined) return deps.access.release(chatter, releaseId);
  const first = (await deps.releases.list(workspaceId, 'active'))[0];
  if (!first) throw validationError('No release to answer with', [{ path: 'body.releaseId', message: 'The workspace has no active release: name one' }]);
  return first;
}

export function workspaceCompletionRoutes(deps: WorkspaceCompletionDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/workspaces/:workspaceId/chat/completions',
      tag: TAG,
      summary: 'Answer a conversation (OpenAI-style messages) with a release’s assistant; stored as a transcript',
      auth: { kind: 'workspace', level: 'read', param: 'workspaceId', permission: 'transcript:write', feature: 'transcripts' },
      emulatorDefined: true,
      realClient: REAL_CLIENT,
      params: Params,
      body: CompletionRequestSchema,
      response: WorkspaceChatCompletionSchema,
      handler: async ({ principal, params, body, request }) => {
        const workspaceId = params.workspaceId;
        const chatter = chatterOf(principal, workspaceId);
        const last = body.messages[body.messages.length - 1] as { role: string; content: string };
        let thread;
        let release: ReleaseRecord;
        if (body.transcriptId !== undefined) {
          ({ thread, release } = await deps.access.thread(chatter, body.transcriptId, 'write'));
          if (body.releaseId !== undefined && body.releaseId !== release.id) {
            throw validationError('Invalid release', [{ path: 'body.releaseId', message: 'The transcript belongs to another release' }]);
          }
        } else {
          release = await releaseFor(deps, chatter, workspaceId, body.releaseId);
          thread = await deps.threads.create({
            workspaceId,
            releaseId: release.id,
            ownerSubject: chatter.subject,
            kind: 'user',
            transcriptTitle: `Chat with ${release.name}`,
            visibility: 'private',
            metadata: { via: 'chat/completions' },
          });
          // The earlier turns the client sends become the thread's history, so the reply sees them.
          const earlier = body.messages.slice(0, -1);
          if (earlier.length) {
            const tokenizer = await loadTokenizer();
            for (const m of earlier) {
              await deps.threads.append(thread, { role: m.role, content: m.content, contentType: 'text', tokenCount: tokenizer.count(m.content), metadata: { replayed: true } });
            }
            thread = (await deps.threads.get(thread.id)) ?? thread;
          }
        }
        const send = SendMessageSchema.parse({ content: last.content });
        const result = await deps.chat.send(
          { principal: chatter, thread, release, resource: new URL(request.url).pathname, paymentHeader: request.headers.get('x-payment'), model: body.model },
          send,
        );
        if (body.stream) return chatStreamResponse(thread.id, result);
        const model = String(result.message.metadata?.model ?? '');
        return {
          id: `chatcmpl-${result.message.id}`,
          object: 'chat.completion' as const,
          created: Math.floor(Date.parse(result.message.timestamp) / 1000),
          model,
          workspaceId,
          releaseId: release.id,
          transcriptId: thread.id,
          choices: [{ index: 0, message: { role: 'assistant' as const, content: result.message.content }, finish_reason: result.message.metadata?.finishReason === 'length' ? ('length' as const) : ('stop' as const) }],
          usage: {
            prompt_tokens: result.usage.promptTokens,
            completion_tokens: result.usage.completionTokens,
            total_tokens: result.usage.totalTokens,
            estimatedCostUsd: result.usage.estimatedCostUsd,
          },
          message: result.message,
        };
      },
    }),
  ];
}
