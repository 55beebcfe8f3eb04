// Compliance errors, named after their wire codes.
import { EmulatorError, conflict, notFound } from '../../core/errors.js';

export const requestNotFound = () => notFound('Compliance request');
export const notDownloadable = (type: string, status: string) =>
  conflict(type === 'deletion' ? 'A deletion request has no download' : `The request is ${status}: download it once it has succeeded`, { type, status });
export const expired = (at: string) => new EmulatorError('GONE', 'The export’s download has expired: file a new request', { expiredAt: at });
