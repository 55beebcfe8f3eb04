// Export errors, named after their wire codes.
import { EmulatorError, conflict, forbidden, notFound, validationError } from '../../core/errors.js';

export const exportNotFound = () => notFound('Export');
export const notReady = (status: string) => conflict(`The export is ${status}: download it once it has succeeded`, { status });
export const expired = (at: string) => new EmulatorError('GONE', 'The export’s download has expired: start a new export', { expiredAt: at });
export const badFormat = (kind: string) => validationError('Invalid export', [{ path: 'body.format', message: kind === 'workspace' ? 'A workspace export is a zip' : 'Expected jsonl, csv or zip' }]);
export const needsWhitelabelRead = () => forbidden('API key lacks the whitelabel:read permission (a workspace archive needs it)');
