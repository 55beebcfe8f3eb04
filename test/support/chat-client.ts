// Helpers for the chat contract suites: end-user identities and JSON calls through a door.
import type { DoorView } from './doors.js';
import { CHAT_KEY } from './chat-scenario.js';

export type Json = Record<string, any>;

/** An end user named by a server holding the workspace key (spec section 5, external user). */
export const external = (userId: string, extra: Record<string, string> = {}) => ({ 'x-api-key': CHAT_KEY, 'x-external-user-id': userId, ...extra });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const anonymous = (session: string) => ({ 'x-anonymous-session-id': session });

export function chatClient(door: DoorView) {
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await door.fetch(path, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as Json };
  };
  return {
    call,
    get: (path: string, headers: Record<string, string>) => call('GET', path, headers),
    post: (path: string, headers: Record<string, string>, body: unknown) => call('POST', path, headers, body),
    patch: (path: string, headers: Record<string, string>, body: unknown) => call('PATCH', path, headers, body),
    put: (path: string, headers: Record<string, string>, body: unknown) => call('PUT', path, headers, body),
    /** Creates a thread and answers its id. */
    async thread(headers: Record<string, string>, releaseId: string, extra: Json = {}): Promise<string> {
      const res = await call('POST', '/api/v1/chat/threads', headers, { releaseId, ...extra });
      if (res.status !== 201) throw new Error(`thread create failed: ${res.status} ${res.text}`);
      return res.body.id as string;
    },
    send: (threadId: string, headers: Record<string, string>, body: Json) => call('POST', `/api/v1/chat/threads/${threadId}/messages`, headers, body),
  };
}
