// The stock A2A client, unchanged: @a2a-js/sdk 0.3 (https://github.com/a2aproject/a2a-js) reads the
// card, sends, streams, reads and cancels tasks and continues a context, through the HTTP door and
// the MSW door (the SDK takes a custom fetch: `fetchImpl`). No emulator-specific header or param.
import { A2AClient, ClientFactory, type Client } from '@a2a-js/sdk/client';
import type { Message, MessageSendParams, Task, TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { DOORS, ONE_DRIVER } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { chatScenario } from '../support/chat-scenario.js';

type StreamEvent = Message | Task | TaskStatusUpdateEvent | TaskArtifactUpdateEvent;

const ask = (text: string, extra: Partial<MessageSendParams['message']> = {}): MessageSendParams => ({
  message: { kind: 'message', role: 'user', messageId: `m-${text.length}-${extra.contextId ?? 'new'}`, parts: [{ kind: 'text', text }], ...extra },
});

const textOf = (m: Message) => m.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');

function ok<T>(res: { result: T } | { error: unknown }): T {
  if ('error' in res) throw new Error(`JSON-RPC error ${JSON.stringify(res.error)}`);
  return res.result;
}

describe.each(DOORS)('@a2a-js/sdk 0.3 through the %s door', (doorName) => {
  const door = useDoor(ONE_DRIVER, doorName, { scenario: chatScenario });
  // The SDK's own fetch hook: through MSW it is the intercepted global fetch, over HTTP the real one.
  const fetchImpl: typeof fetch = (input, init) => fetch(input, init);

  it('A2AClient.fromCardUrl: card, sendMessage, getTask, contextId continuation, cancelTask', async () => {
    const client = await A2AClient.fromCardUrl(`${door.baseUrl}/.well-known/agent-card.json`, { fetchImpl });
    const card = await client.getAgentCard();
    expect(card).toMatchObject({ protocolVersion: '0.3.0', url: `${door.baseUrl}/api/v1/a2a`, preferredTransport: 'JSONRPC', capabilities: { streaming: true } });

    // No release named: the scenario's default agent release answers.
    const first = ok(await client.sendMessage(ask('How do I reset my password?'))) as Message;
    expect(first.kind).toBe('message');
    expect(textOf(first)).toContain('Password reset guide');
    const task = ok(await client.getTask({ id: first.taskId! }));
    expect(task).toMatchObject({ kind: 'task', id: first.taskId, contextId: first.contextId, status: { state: 'completed' } });
    expect(task.history?.map((m) => m.role)).toEqual(['user', 'agent']);

    // Same contextId = same conversation (one transcript of two turns).
    const second = ok(await client.sendMessage(ask('And when are invoices issued?', { contextId: first.contextId! }))) as Message;
    expect(second.contextId).toBe(first.contextId);
    expect(second.taskId).not.toBe(first.taskId);

    // A finished task is not cancelable: the SDK maps -32002 to its own error.
    const refused = await client.cancelTask({ id: first.taskId! });
    expect('error' in refused && refused.error.code).toBe(-32002);
    const missing = await client.getTask({ id: 'no-such-task' });
    expect('error' in missing && missing.error.code).toBe(-32001);

    // A non-blocking send answers the submitted task; canceling it is honoured.
    const submitted = ok(await client.sendMessage({ ...ask('Cancel me'), configuration: { blocking: false } })) as Task;
    expect(submitted).toMatchObject({ kind: 'task', status: { state: 'submitted' } });
    expect(ok(await client.cancelTask({ id: submitted.id })).status.state).toBe('canceled');
    expect(ok(await client.getTask({ id: submitted.id })).status.state).toBe('canceled');
  });

  it('sendMessageStream: the Task, status and artifact updates, a final completed status; text equals the blocking reply', async () => {
    const client = await A2AClient.fromCardUrl(`${door.baseUrl}/api/v1/a2a/agent-card.json`, { fetchImpl });
    const plain = ok(await client.sendMessage(ask('How do I reset my password?'))) as Message;
    await door.emulator.reset();
    const events: StreamEvent[] = [];
    for await (const event of client.sendMessageStream(ask('How do I reset my password?'))) events.push(event);
    expect(events[0]).toMatchObject({ kind: 'task', status: { state: 'submitted' } });
    const artifacts = events.filter((e): e is TaskArtifactUpdateEvent => e.kind === 'artifact-update');
    expect(artifacts.map((a) => a.artifact.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('')).join('')).toBe(textOf(plain));
    const last = events.at(-1) as TaskStatusUpdateEvent;
    expect(last).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
    expect(last.status.message).toEqual(plain);
  });

  it('an error inside a stream reaches the SDK as its JSON-RPC error (an SSE frame, not application/json)', async () => {
    const client = await A2AClient.fromCardUrl(`${door.baseUrl}/.well-known/agent-card.json`, { fetchImpl });
    const consume = async () => {
      for await (const _ of client.sendMessageStream(ask('hi', { contextId: 'no-such-context' }))) void _;
    };
    await expect(consume()).rejects.toThrow(/SSE event contained an error: .*\(Code: -32602\)/);
  });

  it('ClientFactory.createFromUrl (the transport-agnostic client) picks the JSONRPC interface of the card', async () => {
    const client: Client = await new ClientFactory().createFromUrl(door.baseUrl);
    const reply = (await client.sendMessage(ask('How do I reset my password?'))) as Message;
    expect(textOf(reply)).toContain('Password reset guide');
    const task = await client.getTask({ id: reply.taskId! });
    expect(task.status.state).toBe('completed');
  });
});
