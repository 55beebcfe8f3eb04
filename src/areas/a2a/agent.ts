// The A2A agent behind the JSON-RPC door: which release answers (named, or the scenario's default
// agent release), one conversation per contextId (= the chat thread), and the task lifecycle of
// A2A 0.3 (submitted → working → completed | failed | canceled) stored per call.
import { EmulatorError } from '../../core/errors.js';
import type { EndUserPrincipal } from '../../core/route.js';
import type { ReleaseRecord, ReleaseStore } from '../releases/public.js';
import type { ChatResult, ChatService } from '../chat/public.js';
import type { ChatThreadStore, ThreadRecord } from '../chat/public.js';
import { JSON_RPC, type MessageSendParams } from './schema.js';
import { isTerminal, type A2aArtifact, type A2aMessage, type A2aTaskStore, type PendingSend, type TaskRecord } from './task-store.js';

export interface A2aAgentDeps {
  releases: ReleaseStore;
  threads: ChatThreadStore;
  chat: ChatService;
  tasks: A2aTaskStore;
  /** `settings.a2a.defaultReleaseId` of the scenario, when it names one. */
  defaultReleaseId(): string | undefined;
  /** Runs `fn` in one transaction: a failed call writes nothing. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** A JSON-RPC error to answer; `data` rides along as the error's data. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A service error as JSON-RPC: bad input is invalid params; anything else a server error naming the wire code. */
export function fromEmulatorError(err: EmulatorError): RpcError {
  if (err.code === 'VALIDATION_ERROR') return new RpcError(JSON_RPC.INVALID_PARAMS, err.message, err.details);
  return new RpcError(JSON_RPC.SERVER_ERROR, err.message, { code: err.code, ...(err.details !== undefined && { details: err.details }) });
}

/** The agent's reply as an A2A Message of the task. */
export function agentMessage(thread: ThreadRecord, taskId: string, result: ChatResult): A2aMessage {
  return {
    kind: 'message',
    role: 'agent',
    messageId: result.message.id,
    contextId: thread.id,
    taskId,
    parts: [{ kind: 'text', text: result.message.content }],
    metadata: { usage: result.usage, context: result.context, assistant: result.message.metadata?.assistant },
  };
}

export const replyArtifact = (taskId: string, text: string): A2aArtifact => ({ artifactId: `${taskId}-reply`, name: 'reply', parts: [{ kind: 'text', text }] });

/** A conversation turn ready to run: its thread, release, task id and the user's message. */
export interface Turn {
  thread: ThreadRecord;
  release: ReleaseRecord;
  taskId: string;
  userMessage: A2aMessage;
  send: PendingSend;
}

export interface Answered {
  turn: Turn;
  result: ChatResult;
  task: TaskRecord;
}

const refused = (message: string, path: string) => new RpcError(JSON_RPC.INVALID_PARAMS, message, { path });

export class A2aAgent {
  constructor(private readonly deps: A2aAgentDeps) {}

  /** The release of a new conversation: named in the call, else the scenario's default agent release. */
  private async releaseFor(named: string | undefined): Promise<ReleaseRecord> {
    const id = named ?? this.deps.defaultReleaseId() ?? (await this.deps.tasks.firstAnonymousRelease());
    if (id === undefined) throw refused('No release answers agent calls here: name one in params.metadata.releaseId', 'params.metadata.releaseId');
    const release = await this.deps.releases.get(id);
    if (!release) throw refused('Name an existing release in params.metadata.releaseId', 'params.metadata.releaseId');
    return release;
  }

  /** Resolves (or starts) the conversation of a message; writes only the new thread. */
  private async turn(params: MessageSendParams, request: Request): Promise<Turn> {
    const { message } = params;
    let contextId = message.contextId;
    if (message.taskId !== undefined) {
      const task = await this.deps.tasks.get(message.taskId);
      if (!task) throw new RpcError(JSON_RPC.TASK_NOT_FOUND, 'Task not found', { taskId: message.taskId });
      // Every task of this agent ends with its one reply, so no task takes further input.
      throw new RpcError(JSON_RPC.INVALID_REQUEST, `Task ${task.id} is ${task.state} and takes no more messages: send without taskId (same contextId) to continue`, {
        taskId: task.id,
        state: task.state,
      });
    }
    let thread = contextId === undefined ? undefined : await this.deps.threads.get(contextId);
    if (contextId !== undefined && (!thread || thread.kind !== 'a2a')) throw refused('Unknown contextId', 'params.message.contextId');
    const named = params.metadata?.releaseId ?? new URL(request.url).searchParams.get('releaseId') ?? undefined;
    const release = thread ? await this.deps.releases.get(thread.releaseId) : await this.releaseFor(named);
    if (!release) throw refused('The release of this context is gone', 'params.message.contextId');
    if (release.authMode === 'required' || release.status === 'archived') {
      throw refused('This release does not take anonymous agent calls', 'params.metadata.releaseId');
    }
    const taskId = this.deps.tasks.newId();
    thread ??= await this.deps.threads.create({
      workspaceId: release.workspaceId,
      releaseId: release.id,
      ownerSubject: 'a2a',
      kind: 'a2a',
      transcriptTitle: `Agent call to ${release.name}`,
      visibility: 'private',
      metadata: { channel: 'a2a' },
    });
    contextId = thread.id;
    const parts = message.parts.map((p) => ({ kind: 'text' as const, text: p.text }));
    const userMessage: A2aMessage = { kind: 'message', role: 'user', messageId: message.messageId, contextId, taskId, parts, ...(message.metadata && { metadata: message.metadata }) };
    const send: PendingSend = { content: parts.map((p) => p.text).join('\n'), messageId: message.messageId, paymentHeader: request.headers.get('x-payment') };
    return { thread, release, taskId, userMessage, send };
  }

  private chat(turn: Pick<Turn, 'thread' | 'release' | 'send'>): Promise<ChatResult> {
    const caller: EndUserPrincipal = { kind: 'endUser', via: 'anonymous', subject: `a2a:${turn.thread.id}` };
    return this.deps.chat.send(
      { principal: caller, thread: turn.thread, release: turn.release, resource: '/api/v1/a2a', paymentHeader: turn.send.paymentHeader },
      { content: turn.send.content, metadata: { a2aMessageId: turn.send.messageId } },
    );
  }

  /** A blocking call: the reply, and its task stored as completed. One transaction: a failure writes nothing. */
  answer(params: MessageSendParams, request: Request): Promise<Answered> {
    return this.deps.transaction(async () => {
      const turn = await this.turn(params, request);
      const result = await this.chat(turn);
      const reply = agentMessage(turn.thread, turn.taskId, result);
      const task = await this.deps.tasks.create({
        id: turn.taskId,
        contextId: turn.thread.id,
        workspaceId: turn.release.workspaceId,
        releaseId: turn.release.id,
        state: 'completed',
        history: [turn.userMessage, reply],
        artifacts: [replyArtifact(turn.taskId, result.message.content)],
        statusMessage: reply,
        pending: null,
        metadata: {},
      });
      return { turn, result, task };
    });
  }

  /** A non-blocking call: the task is stored as submitted and runs when next looked at. */
  submit(params: MessageSendParams, request: Request): Promise<TaskRecord> {
    return this.deps.transaction(async () => {
      const turn = await this.turn(params, request);
      return this.deps.tasks.create({
        id: turn.taskId,
        contextId: turn.thread.id,
        workspaceId: turn.release.workspaceId,
        releaseId: turn.release.id,
        state: 'submitted',
        history: [turn.userMessage],
        artifacts: [],
        statusMessage: null,
        pending: turn.send,
        metadata: {},
      });
    });
  }

  /** A task by id, run first when it is still waiting; unknown ids are A2A's TaskNotFound. */
  async task(id: string): Promise<TaskRecord> {
    const task = await this.deps.tasks.get(id);
    if (!task) throw new RpcError(JSON_RPC.TASK_NOT_FOUND, 'Task not found', { taskId: id });
    return task.pending && !isTerminal(task.state) ? this.run(task) : task;
  }

  /** Runs a submitted task: completed with the reply, or failed with the service error (its turn writes nothing). */
  private async run(task: TaskRecord): Promise<TaskRecord> {
    const pending = task.pending as PendingSend;
    try {
      return await this.deps.transaction(async () => {
        const thread = await this.deps.threads.get(task.contextId);
        const release = await this.deps.releases.get(task.releaseId);
        if (!thread || !release) throw new EmulatorError('NOT_FOUND', 'The conversation of this task is gone');
        const result = await this.chat({ thread, release, send: pending });
        const reply = agentMessage(thread, task.id, result);
        return this.deps.tasks.update({
          ...task,
          state: 'completed',
          history: [...task.history, reply],
          artifacts: [replyArtifact(task.id, result.message.content)],
          statusMessage: reply,
          pending: null,
        });
      });
    } catch (err) {
      if (!(err instanceof EmulatorError)) throw err;
      const note: A2aMessage = {
        kind: 'message',
        role: 'agent',
        messageId: `${task.id}-failure`,
        contextId: task.contextId,
        taskId: task.id,
        parts: [{ kind: 'text', text: err.message }],
        metadata: { error: { code: err.code, ...(err.details !== undefined && { details: err.details }) } },
      };
      return this.deps.transaction(() => this.deps.tasks.update({ ...task, state: 'failed', history: [...task.history, note], statusMessage: note, pending: null }));
    }
  }

  /** Cancels a task that has not finished; a finished one is A2A's TaskNotCancelable. */
  async cancel(id: string): Promise<TaskRecord> {
    const task = await this.deps.tasks.get(id);
    if (!task) throw new RpcError(JSON_RPC.TASK_NOT_FOUND, 'Task not found', { taskId: id });
    if (isTerminal(task.state)) throw new RpcError(JSON_RPC.TASK_NOT_CANCELABLE, 'Task cannot be canceled', { taskId: id, state: task.state });
    return this.deps.transaction(() => this.deps.tasks.update({ ...task, state: 'canceled', pending: null }));
  }
}
