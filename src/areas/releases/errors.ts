// Release errors, named after their wire codes.
import { conflict, forbidden, notFound, unauthorized, validationError, type ValidationIssue } from '../../core/errors.js';

export const releaseNotFound = () => notFound('Release');

/** An archived release goes back to draft (PATCH status) before it can be published again. */
export const releaseArchived = (releaseId: string) =>
  conflict('An archived release cannot be published; set its status to draft first', { releaseId, status: 'archived' });

/** The workspace limit `maxReleases` (spec section 8): 409 CONFLICT with the numbers. */
export const releaseLimitReached = (max: number, current: number) =>
  conflict(`The workspace has reached its release limit (maxReleases ${max})`, { limit: 'maxReleases', max, current });

export const workspaceMismatch = (path: string) =>
  validationError('workspaceId must be the workspace of this call (the API key’s, or x-workspace-id)', [
    { path, message: 'Not the workspace of this call' },
  ]);

export const invalidRelease = (issues: ValidationIssue[]) => validationError('Invalid body', issues);

/** An anonymous session on a release whose authMode is `required`. */
export const signInRequired = () => unauthorized('This release requires a signed-in user: send a user access token or an API key with x-external-user-id');

/** An embed token is bound to the release it was issued for. */
export const otherRelease = () => forbidden('This access token was issued for another release');
