// Wire errors of the threads area: named after their code, built on the one error model.
import { EmulatorError, notFound } from '../../core/errors.js';

export const threadNotFound = () => notFound('Thread');
export const prefixNotFound = () => notFound('Thread prefix');
export const prefixVersionNotFound = (version: number) => notFound(`Version ${version} of the thread prefix`);

/** An edit based on a version that is no longer the current one (as a stale terms accept: 409). */
export const stalePrefixVersion = (prefixId: string, baseVersion: number, currentVersion: number) =>
  new EmulatorError('CONFLICT', `Version ${baseVersion} is not the current version of this thread prefix (current: ${currentVersion})`, {
    prefixId,
    baseVersion,
    currentVersion,
  });
