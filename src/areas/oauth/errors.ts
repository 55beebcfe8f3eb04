// OAuth errors: the RFC 6749 §5.2 error code rides in `details.error`. The token, revocation and
// registration endpoints answer them the RFC way, `{error, error_description}` with 400 (401 for
// invalid_client), because stock OAuth clients read nothing else; authorize shows the envelope.
import { EmulatorError, type ValidationIssue } from '../../core/errors.js';

/** RFC 6749 §4.1.2.1 and §5.2, RFC 8707 and RFC 7591 §3.2.2 error codes the emulator answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'invalid_scope'
  | 'invalid_target'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/** Token answers, good or bad, must not be cached (RFC 6749 §5.1). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** A request the emulator cannot read or will not grant: 400, with field-level issues. */
export function oauthInvalid(error: OAuthErrorCode, description: string, issues: ValidationIssue[]): EmulatorError {
  return new EmulatorError('VALIDATION_ERROR', description, { error, error_description: description, issues }, { ...NO_STORE });
}

/** A grant that does not hold: 400 invalid_grant (RFC 6749 §5.2). */
export const invalidGrant = (description: string): EmulatorError =>
  new EmulatorError('VALIDATION_ERROR', description, { error: 'invalid_grant', error_description: description }, { ...NO_STORE });

/** An unknown client: 401 invalid_client. */
export const invalidClient = (clientId: string): EmulatorError => {
  const description = `Unknown client "${clientId}"`;
  return new EmulatorError('UNAUTHORIZED', description, { error: 'invalid_client', error_description: description }, { ...NO_STORE });
};

/** The RFC 6749 §5.2 answer of an error: `{error, error_description, issues?}`, never the envelope. */
export function oauthErrorResponse(err: EmulatorError): Response {
  const details = (err.details ?? {}) as { error?: string; error_description?: string; issues?: ValidationIssue[] };
  const error = details.error ?? (err.status === 401 ? 'invalid_client' : err.status >= 500 ? 'server_error' : 'invalid_request');
  const body = {
    error,
    error_description: details.error_description ?? err.message,
    ...(details.issues && details.issues.length > 0 && { issues: details.issues }),
  };
  const status = error === 'invalid_client' ? 401 : err.status >= 500 ? 500 : 400;
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...NO_STORE, ...err.headers } });
}
