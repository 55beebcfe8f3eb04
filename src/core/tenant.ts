// The tenant rule: presented credentials are binding. A caller who presents a key or a token is
// held to the workspaces it speaks for, and another workspace's resources are "not found" for it
// (as on the keyed routes); only a caller who presents none takes a route's public path.
import { EmulatorError, notFound } from './errors.js';
import type { Principal } from './route.js';

/**
 * The workspaces a principal's credentials bind it to, or `undefined` when it presented none (an
 * anonymous caller, or an anonymous end-user session). A credential bound to no workspace (a user
 * of none, a platform user as an end user) answers `[]`: it reaches nothing workspace-owned.
 */
export function boundWorkspaces(principal: Principal): readonly string[] | undefined {
  switch (principal.kind) {
    case 'anonymous':
      return undefined;
    case 'apiKey':
      return [principal.workspaceId];
    case 'user':
      return principal.memberOf ?? (principal.workspaceId !== undefined ? [principal.workspaceId] : []);
    case 'endUser':
      if (principal.via === 'anonymous') return undefined;
      return principal.workspaceId !== undefined ? [principal.workspaceId] : [];
    default: {
      const never: never = principal;
      throw new Error(`unknown principal ${JSON.stringify(never)}`);
    }
  }
}

/** Whether presented credentials reach a resource of `workspaceId` (always, when none were presented). */
export function reaches(principal: Principal, workspaceId: string): boolean {
  const bound = boundWorkspaces(principal);
  return bound === undefined || bound.includes(workspaceId);
}

/**
 * Throws `missing` (a 404 by default) unless the principal reaches `workspaceId`: the one check
 * every optional-credential handler makes on a resource it found by id.
 */
export function assertReaches(principal: Principal, workspaceId: string, missing: EmulatorError = notFound('Resource')): void {
  if (!reaches(principal, workspaceId)) throw missing;
}
