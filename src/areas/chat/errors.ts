// Chat errors, named after their wire codes.
import { EmulatorError, conflict, forbidden, notFound, unauthorized, validationError } from '../../core/errors.js';

export const threadNotFound = () => notFound('Thread');
export const releaseNotFound = () => notFound('Release');

export const threadArchived = () => conflict('Thread is archived; unarchive it to send messages');

export const signInRequired = () => unauthorized('This release requires a signed-in user; anonymous chat is not allowed');

export const anonymousNotAllowed = () => forbidden('This release does not allow anonymous chat (its authMode is required)');

export const releaseArchived = () => forbidden('This release is archived');

export const otherRelease = () => forbidden('This access token was issued for another release');

export const badField = (path: string, message: string) => validationError(`Invalid ${path.split('.')[0]}`, [{ path, message }]);

export const allAssistantsFailed = (attempts: { id: string; error: string }[]) =>
  new EmulatorError('SERVICE_UNAVAILABLE', 'Every assistant of the release failed; try again later', { attempts });
