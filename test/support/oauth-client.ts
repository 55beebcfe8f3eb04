// A test's OAuth (PKCE) client over a door: authorize without a browser, exchange, refresh,
// call a Bearer route, and check the envelope with its RFC error code.
import { expect } from 'vitest';
import { TokenResponseSchema, type TokenResponse } from '../../src/areas/oauth/schema.js';
import type { DoorView } from './doors.js';

/** RFC 7636 Appendix B. */
export const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
export const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
export const REDIRECT = 'http://127.0.0.1:53682/callback';

export type Envelope = { error: { code: string; message: string; details?: Record<string, unknown> } };
type Params = Record<string, string | undefined>;

export const location = (res: Response) => new URL(res.headers.get('location')!);

export function oauthClient(door: DoorView) {
  const authorizeQuery = (params: Params = {}) => {
    const all: Params = {
      response_type: 'code',
      client_id: 'service-cli',
      redirect_uri: REDIRECT,
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      state: 'st-123',
      login_hint: 'user_alice',
      ...params,
    };
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(all)) if (value !== undefined) search.set(name, value);
    return `/oauth/authorize?${search}`;
  };
  const authorize = (params: Params = {}) => door.fetch(authorizeQuery(params), { redirect: 'manual' });
  const codeOf = async (params: Params = {}) => {
    const res = await authorize(params);
    expect(res.status).toBe(302);
    return location(res).searchParams.get('code')!;
  };
  const form = (path: string, body: Record<string, string>) =>
    door.fetch(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
  const exchange = (code: string, overrides: Record<string, string> = {}) =>
    form('/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'service-cli', code_verifier: VERIFIER, ...overrides });
  const refresh = (token: string, overrides: Record<string, string> = {}) =>
    form('/oauth/token', { grant_type: 'refresh_token', refresh_token: token, client_id: 'service-cli', ...overrides });
  const login = async (): Promise<TokenResponse> => {
    const res = await exchange(await codeOf());
    expect(res.status).toBe(200);
    return TokenResponseSchema.parse(await res.json());
  };
  const userinfo = (token: string) => door.fetch('/oauth/userinfo', { headers: { authorization: `Bearer ${token}` } });
  /**
   * Checks an OAuth error. Authorize answers the envelope (`code`, RFC error in details); token,
   * revoke and register answer the RFC 6749 §5.2 body `{error, error_description, issues?}`,
   * returned here in the envelope's shape so both read alike.
   */
  const expectError = async (res: Response, status: number, code: string, rfc: string, message: string): Promise<Envelope> => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as Envelope | { error: string; error_description: string; issues?: unknown[] };
    if (typeof body.error === 'string') {
      const rfcBody = body as { error: string; error_description: string; issues?: unknown[] };
      expect(Object.keys(rfcBody).filter((k) => k !== 'issues')).toEqual(['error', 'error_description']);
      expect(rfcBody).toMatchObject({ error: rfc, error_description: message });
      return { error: { code, message, details: { ...rfcBody } } };
    }
    const envelope = body as Envelope;
    expect(envelope.error.code).toBe(code);
    expect(envelope.error.message).toBe(message);
    expect(envelope.error.details).toMatchObject({ error: rfc, error_description: message });
    return envelope;
  };
  const grantError = (res: Response, message: string) => expectError(res, 400, 'VALIDATION_ERROR', 'invalid_grant', message);
  return { authorizeQuery, authorize, codeOf, form, exchange, refresh, login, userinfo, expectError, grantError };
}
