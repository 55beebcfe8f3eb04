// Sign-in exchange errors, named after their wire codes.
import { EmulatorError, unauthorized } from '../../core/errors.js';

export const invalidTier = (availableSlugs: string[]) => new EmulatorError('VALIDATION_ERROR', 'Invalid tier', { availableSlugs });

export const serverSideOnly = () =>
  new EmulatorError('FORBIDDEN', '/embed/login must be called from your server: browser requests (with an Origin header) are refused');

export const invalidRefreshToken = () => unauthorized('Invalid or expired refresh token');
