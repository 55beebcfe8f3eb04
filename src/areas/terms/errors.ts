// Terms-of-service errors, named after their wire codes.
import { EmulatorError, conflict, notFound } from '../../core/errors.js';
import type { TermsGate } from './store.js';

export const termsNotFound = () => notFound('Terms');

/**
 * The 403 a chat send (or any end-user call) answers while the release's terms gate is closed:
 * code TERMS_NOT_ACCEPTED, `details` = the gate (spec section 7). Call it when `gate.required`.
 */
export const termsNotAccepted = (gate: TermsGate) =>
  new EmulatorError('TERMS_NOT_ACCEPTED', 'Accept the current terms of service before chatting', gate);

/** Accepting a version that is not the current published one (spec section 7: 409). */
export const staleTermsVersion = (tosId: string, version: number, currentVersion: number | null) =>
  conflict(
    currentVersion === null
      ? 'These terms have no published version yet'
      : `Version ${version} is not the current version of these terms (current: ${currentVersion})`,
    { tosId, version, currentVersion },
  );

/** One current terms document per release. */
export const releaseHasTerms = (releaseId: string, tosId: string) =>
  conflict(`Release ${releaseId} already has terms (${tosId})`, { releaseId, tosId });
