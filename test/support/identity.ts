// Helpers for the identity contract suites: Bearer headers for the scenario's users, and JSON calls.
import type { Door } from './doors.js';

export function tokenOf(door: Door, userId: string): string {
  const user = door.emulator.handles.users.find((u) => u.id === userId);
  if (!user) throw new Error(`no user ${userId} in the handles`);
  return user.accessToken;
}

/** Calls a route as a user (Bearer) or with an API key, sending `body` as JSON when given. */
export function caller(door: Door) {
  return async (method: string, path: string, as: { user?: string; key?: string; headers?: Record<string, string> }, body?: unknown) => {
    const headers: Record<string, string> = { ...as.headers };
    if (as.user) headers.authorization = `Bearer ${tokenOf(door, as.user)}`;
    if (as.key) headers['x-api-key'] = as.key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await door.fetch(path, { method, headers, ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, text, body: text ? (JSON.parse(text) as any) : undefined };
  };
}
