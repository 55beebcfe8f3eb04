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

/** Landing-page chat: the proxy's signature, or the signed transcript, does not hold (real wire: 403 landing_page_sig_invalid). */
export const landingSigInvalid = (message: string, reason: string) => new EmulatorError('landing_page_sig_invalid', message, { reason });

/** The release's anonymous-chat cap (`maxAnonymousChatMessages`); real clients match the message text. */
export const maxMessagesReached = (max: number) =>
  validationError('Max number of messages reached.', [{ path: 'body.transcript', message: `This release allows ${max} anonymous messages per conversation` }], {
    maxAnonymousChatMessages: max,
  });

/** The wallet funding a release is empty (real wire: 402 whose text says "insufficient funds"). */
export const insufficientFunds = (details?: unknown) =>
  new EmulatorError('payment_required', 'insufficient funds: the wallet funding this release cannot pay for this message', details);
