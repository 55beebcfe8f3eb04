// OAuth errors in the one envelope: the RFC 6749 §5.2 error code rides in `details.error`, and
// the wire code follows the emulator's table (400 VALIDATION_ERROR or 401 UNAUTHORIZED).
import { EmulatorError, type ValidationIssue } from '../../core/errors.js';

/** RFC 6749 §4.1.2.1 and §5.2 error codes the emulator answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'invalid_scope'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'access_denied';

/** Token answers, good or bad, must not be cached (RFC 6749 §5.1). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** A request the emulator cannot read: 400 VALIDATION_ERROR with field-level issues. */
export function oauthInvalid(error: OAuthErrorCode, description: string, issues: ValidationIssue[]): EmulatorError {
  return new EmulatorError('VALIDATION_ERROR', description, { error, error_description: description, issues }, { ...NO_STORE });
}

/** A grant or client that does not hold: 401 UNAUTHORIZED (RFC 6749 would answer 400 for invalid_grant). */
export function oauthUnauthorized(error: 'invalid_grant' | 'invalid_client', description: string): EmulatorError {
  return new EmulatorError('UNAUTHORIZED', description, { error, error_description: description }, { ...NO_STORE });
}

export const invalidGrant = (description: string) => oauthUnauthorized('invalid_grant', description);

export const invalidClient = (clientId: string) => oauthUnauthorized('invalid_client', `Unknown client "${clientId}"`);
