// The two mounts every notifications route is served under: `/api/v1/notifications…` (the workspace
// from the key, `x-workspace-id` or the user's only workspace) and the workspace form
// `/api/v1/workspaces/{workspaceId}/notifications…` (a member's token names it in the path).
import type { Principal, RouteAuth } from '../../core/route.js';

export const TAG = 'notifications';
/** The client SDK's observability page documents the list, counts, read marks, tags and notes. */
export const OBSERVABILITY = 'https://sdk.divinci.ai/client/observability/ (REAL-WIRE section 9)';

export interface Mount {
  base: string;
  read: RouteAuth;
  write: RouteAuth;
}

const auth = (level: 'read' | 'write', param?: string): RouteAuth => ({
  kind: 'workspace',
  level,
  permission: level === 'read' ? 'whitelabel:read' : 'whitelabel:write',
  ...(param !== undefined && { param }),
});

export const MOUNTS: Mount[] = [
  { base: '/api/v1/notifications', read: auth('read'), write: auth('write') },
  { base: '/api/v1/workspaces/:workspaceId/notifications', read: auth('read', 'workspaceId'), write: auth('write', 'workspaceId') },
];

/** Who wrote a note: the member, or null for an API key. */
export const authorOf = (principal: Principal): string | null => (principal.kind === 'user' ? principal.userId : null);
