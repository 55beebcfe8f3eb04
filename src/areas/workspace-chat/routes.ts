// `POST /api/v1/workspaces/{ws}/chat/completions` (REAL-WIRE section 9: the server SDK's mount for
// user tokens): OpenAI-style messages answered by chat's own reply generator for a release of the
// workspace, stored as a chat thread whose id is the transcript id. Members and workspace keys are
// not end users: no tier quota, terms gate or payment applies here.
import { notFound, validationError } from '../../core/errors.js';
import { defineRoute, type Principal, type RouteDef } from '../../core/route.js';
import { WorkspaceChatCompletionSchema, type WorkspaceChatCompletion } from '../../types/model-lifecycle.js';
import type { ChatAreaApi } from '../chat/public.js';
import type { ReleaseRecord, ReleaseStore } from '../releases/public.js';
import { CompletionParamsSchema, CompletionRequestSchema, type CompletionRequest } from './schema.js';

const TAG = 'workspaces/:workspaceId/chat';
const REAL_CLIENT = 'https://sdk.divinci.ai/getting-started/authentication (server SDK accessToken mode; REAL-WIRE section 9)';

export interface WorkspaceChatDeps {
  chat: ChatAreaApi;
  releases: ReleaseStore;
  /** A fine-tune reference (`ft:…`) → its trained model id; throws when it cannot answer. */
  resolveFineTune(workspaceId: string, model: string): Promise<string>;
}

/** Whose conversation it is: a member's user id or the key's id. */
function subjectOf(principal: Principal): string {
  if (principal.kind === 'user') return `user:${principal.userId}`;
  if (principal.kind === 'apiKey') return `apikey:${principal.keyId}`;
  throw new Error('workspace chat takes users and keys: check the route auth');
}

async function releaseFor(releases: ReleaseStore, workspaceId: string, releaseId?: string): Promise<ReleaseRecord> {
  if (releaseId === undefined) {
    const first = (await releases.list(workspaceId, 'active'))[0];
    if (!first) throw validationError('No release to answer with', [{ path: 'body.releaseId', message: 'The workspace has no active release: name one' }]);
    return first;
  }
  const release = await releases.get(releaseId, workspaceId);
  if (!release || release.status === 'archived') throw notFound('Release');
  return release;
}

/** The OpenAI streaming form: the reply in word-aligned deltas, then the finish with usage, then [DONE]. */
function streamOf(answer: WorkspaceChatCompletion): Response {
  const text = answer.choices[0]?.message.content ?? '';
  const pieces = text.match(/\S+\s*/g) ?? [text];
  const base = { id: answer.id, object: 'chat.completion.chunk', created: answer.created, model: answer.model, transcriptId: answer.transcriptId };
  const frames = [
    { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
    ...pieces.map((content) => ({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] })),
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: answer.choices[0]?.finish_reason ?? 'stop' }], usage: answer.usage },
  ];
  const body = `${frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join('')}data: [DONE]\n\n`;
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' } });
}

async function complete(deps: WorkspaceChatDeps, workspaceId: string, principal: Principal, body: CompletionRequest): Promise<WorkspaceChatCompletion> {
  const { threads, replies } = deps.chat;
  const subject = subjectOf(principal);
  const last = body.messages[body.messages.length - 1] as { role: string; content: string };
  let thread;
  let release: ReleaseRecord;
  if (body.transcriptId !== undefined) {
    thread = await threads.get(body.transcriptId);
    // Another caller's conversation, or another workspace's, does not exist for this one.
    if (!thread || thread.workspaceId !== workspaceId || thread.ownerSubject !== subject || thread.archived) throw notFound('Transcript');
    release = await releaseFor(deps.releases, workspaceId, thread.releaseId);
    if (body.releaseId !== undefined && body.releaseId !== release.id) {
      throw validationError('Invalid release', [{ path: 'body.releaseId', message: 'The transcript belongs to another release' }]);
    }
  } else {
    release = await releaseFor(deps.releases, workspaceId, body.releaseId);
  }
  // Resolved before anything is written: a fine-tune that cannot answer leaves no trace.
  const named = body.model ?? (typeof release.config.model === 'string' ? release.config.model : undefined);
  const model = named?.startsWith('ft:') ? await deps.resolveFineTune(workspaceId, named) : body.model;
  if (!thread) {
    thread = await threads.create({
      workspaceId,
      releaseId: release.id,
      ownerSubject: subject,
      kind: 'user',
      transcriptTitle: `Chat with ${release.name}`,
      visibility: 'private',
      metadata: { via: 'chat/completions' },
    });
    // The earlier turns the client sends become the thread's history, so the reply sees them.
    for (const m of body.messages.slice(0, -1)) {
      await threads.append(thread, { role: m.role, content: m.content, contentType: 'text', tokenCount: 0, metadata: { replayed: true } });
    }
    thread = (await threads.get(thread.id)) ?? thread;
  }
  const history = await threads.history(thread.id);
  const outcome = await replies.reply({ release, prompt: last.content, turn: thread.assistantReplies, history, ...(model !== undefined && { model }) });
  const userMessage = await threads.append(thread, { role: 'user', content: last.content, contentType: 'text', tokenCount: 0, metadata: {} });
  const message = await threads.append(thread, {
    role: 'assistant',
    content: outcome.text,
    contentType: 'text',
    tokenCount: outcome.usage.completionTokens,
    context: outcome.context.map((c) => ({ ...c })),
    metadata: {
      assistant: { id: outcome.assistant.id, finetune: outcome.assistant.finetune, fallback: outcome.fallback, attempts: outcome.attempts },
      model: outcome.assistant.id,
      finishReason: outcome.finishReason,
      replyTo: userMessage.id,
      usage: outcome.usage,
    },
  });
  return {
    id: `chatcmpl-${message.id}`,
    object: 'chat.completion',
    created: Math.floor(Date.parse(message.timestamp) / 1000),
    model: outcome.assistant.id,
    workspaceId,
    releaseId: release.id,
    transcriptId: thread.id,
    choices: [{ index: 0, message: { role: 'assistant', content: message.content }, finish_reason: outcome.finishReason }],
    usage: {
      prompt_tokens: outcome.usage.promptTokens,
      completion_tokens: outcome.usage.completionTokens,
      total_tokens: outcome.usage.totalTokens,
      estimatedCostUsd: outcome.usage.estimatedCostUsd,
    },
    message: message as unknown as Record<string, unknown>,
  };
}

export function workspaceChatRoutes(deps: WorkspaceChatDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/workspaces/:workspaceId/chat/completions',
      tag: TAG,
      summary: 'Answer a conversation (OpenAI-style messages) with a release’s assistant, stored as a transcript; stream: true answers SSE chunks',
      auth: { kind: 'workspace', level: 'read', param: 'workspaceId', permission: 'transcript:write', feature: 'transcripts' },
      emulatorDefined: true,
      realClient: REAL_CLIENT,
      params: CompletionParamsSchema,
      body: CompletionRequestSchema,
      response: WorkspaceChatCompletionSchema,
      handler: async ({ principal, params, body }) => {
        const answer = await complete(deps, params.workspaceId, principal, body);
        return body.stream ? streamOf(answer) : answer;
      },
    }),
  ];
}
