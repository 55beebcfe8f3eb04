// OAuth state and rules: authorization codes, refresh-token families (one per grant) and access
// tokens, all stored as hashes or ids; revoked access-token ids; lifetimes on the emulator clock.
import type { UserRecord, UserStore } from '../users/public.js';
import type { StoreDeps } from '../../core/services.js';
import { hashSecret } from '../../security/hash.js';
import type { TokenSigner } from '../../security/jwt.js';
import { invalidGrant, oauthInvalid } from './errors.js';
import { signIdToken } from './id-token.js';
import { verifierMatches } from './pkce.js';
import { ACCESS_TOKEN_TTL_SEC, CODE_TTL_MS, REFRESH_TOKEN_TTL_MS, type AuthorizationCodeGrant, type TokenResponse } from './schema.js';

export interface OAuthUser {
  id: string;
  email?: string;
  name?: string;
  nickname?: string;
  picture?: string;
  emailVerified: boolean;
}

export interface CodeRequest {
  clientId: string;
  redirectUri: string;
  userId: string;
  scope: string;
  codeChallenge: string;
  nonce?: string;
  resource?: string;
}

/** What every token of one authorization carries: the grant id ties a refresh family together. */
interface Grant {
  grantId: string;
  clientId: string;
  userId: string;
  scope: string;
}

interface GrantRow {
  [column: string]: string | number | null;
  nonce: string | null;
  resource: string | null;
  auth_time: number;
}

interface CodeRow {
  [column: string]: string | number | null;
  code_hash: string;
  grant_id: string;
  client_id: string;
  redirect_uri: string;
  user_id: string;
  scope: string;
  code_challenge: string;
  expires_at: number;
  used_at: number | null;
}

interface RefreshRow {
  [column: string]: string | number | null;
  token_hash: string;
  grant_id: string;
  client_id: string;
  user_id: string;
  scope: string;
  expires_at: number;
  retired_at: number | null;
  revoked_at: number | null;
}

/** The profile fields a sign-in shows of a user. */
function userOut(record: UserRecord): OAuthUser {
  const user: OAuthUser = { id: record.id, emailVerified: record.emailVerified };
  if (record.email !== undefined) user.email = record.email;
  if (record.name !== undefined) user.name = record.name;
  if (record.nickname !== undefined) user.nickname = record.nickname;
  if (record.picture !== undefined) user.picture = record.picture;
  return user;
}

export class OAuthStore {
  constructor(
    private readonly deps: StoreDeps,
    /** The world's current signer: it changes with the scenario's seed. */
    private readonly signer: () => TokenSigner,
    private readonly users: UserStore,
  ) {}

  /** The users a person may sign in as: every user of the scenario. */
  async listUsers(): Promise<OAuthUser[]> {
    return (await this.users.list()).map(userOut);
  }

  /** A `login_hint` names a user by id, or by email (case-insensitive). */
  async findUser(hint: string): Promise<OAuthUser | undefined> {
    const found = (await this.users.get(hint)) ?? (await this.users.findByEmail(hint));
    return found ? userOut(found) : undefined;
  }

  /** A single-use code, valid for ten minutes of emulator time; only its hash is kept. */
  async issueCode(request: CodeRequest): Promise<string> {
    const code = this.deps.ids.token('oac', 43);
    const now = this.deps.clock.now();
    const grantId = this.deps.ids.objectId();
    await this.deps.storage.run(
      `INSERT INTO oauth_codes (code_hash, grant_id, client_id, redirect_uri, user_id, scope, code_challenge, created_at, expires_at, used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
      [hashSecret(code), grantId, request.clientId, request.redirectUri, request.userId, request.scope, request.codeChallenge, now, now + CODE_TTL_MS],
    );
    await this.deps.storage.run('INSERT INTO oauth_grants (grant_id, nonce, resource, auth_time) VALUES (?, ?, ?, ?)', [
      grantId,
      request.nonce ?? null,
      request.resource ?? null,
      now,
    ]);
    return code;
  }

  /**
   * Redeems a code for tokens. A second use of a code fails and revokes every token issued from it
   * (RFC 6749 §4.1.2); the caller must let that revocation commit although the answer is an error.
   * Failed checks other than reuse leave the code unused.
   */
  async exchangeCode(input: AuthorizationCodeGrant): Promise<TokenResponse> {
    const now = this.deps.clock.now();
    const row = await this.deps.storage.get<CodeRow>('SELECT * FROM oauth_codes WHERE code_hash = ?', [hashSecret(input.code)]);
    if (!row) throw invalidGrant('Unknown authorization code');
    if (row.used_at !== null) {
      await this.revokeGrant(row.grant_id);
      throw invalidGrant('Authorization code was already used; the tokens issued from it are revoked');
    }
    if (now >= Number(row.expires_at)) throw invalidGrant('Authorization code has expired');
    if (row.client_id !== input.client_id) throw invalidGrant('Authorization code was issued to another client');
    if (row.redirect_uri !== input.redirect_uri) throw invalidGrant('redirect_uri does not match the authorization request');
    if (!verifierMatches(input.code_verifier, row.code_challenge)) throw invalidGrant('code_verifier does not match the code_challenge');
    if (!(await this.userExists(row.user_id))) throw invalidGrant('The user of this authorization no longer exists');
    await this.deps.storage.run('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ?', [now, row.code_hash]);
    const grant: Grant = { grantId: row.grant_id, clientId: row.client_id, userId: row.user_id, scope: row.scope };
    const extras = await this.grantExtras(row.grant_id, Number(row.created_at));
    return this.issueTokens(grant, grant.scope, input.resource ?? extras.resource ?? undefined, { authTime: extras.auth_time, nonce: extras.nonce });
  }

  /**
   * Rotates a refresh token: the old one retires and a new pair is issued. Presenting a retired
   * token again revokes its whole family (every token of the grant), as reuse means it leaked.
   */
  async refresh(token: string, clientId: string, scope: string | undefined, resource?: string): Promise<TokenResponse> {
    const now = this.deps.clock.now();
    const row = await this.deps.storage.get<RefreshRow>('SELECT * FROM oauth_refresh_tokens WHERE token_hash = ?', [hashSecret(token)]);
    if (!row) throw invalidGrant('Unknown refresh token');
    if (row.client_id !== clientId) throw invalidGrant('Refresh token was issued to another client');
    if (row.revoked_at !== null) throw invalidGrant('Refresh token has been revoked');
    if (row.retired_at !== null) {
      await this.revokeGrant(row.grant_id);
      throw invalidGrant('Refresh token was already used; every token of its grant is revoked');
    }
    if (now >= Number(row.expires_at)) throw invalidGrant('Refresh token has expired');
    const granted = row.scope.split(' ');
    const wanted = scope === undefined || scope.trim() === '' ? row.scope : normalizeScope(scope);
    const beyond = wanted.split(' ').filter((s) => !granted.includes(s));
    if (beyond.length > 0) {
      throw oauthInvalid('invalid_scope', `Scope beyond the original grant: ${beyond.join(' ')}`, [{ path: 'body.scope', message: `Not granted: ${beyond.join(' ')}` }]);
    }
    if (!(await this.userExists(row.user_id))) throw invalidGrant('The user of this grant no longer exists');
    await this.deps.storage.run('UPDATE oauth_refresh_tokens SET retired_at = ? WHERE token_hash = ?', [now, row.token_hash]);
    const extras = await this.grantExtras(row.grant_id, Number(row.created_at));
    // OIDC Core §12.2: a refreshed ID token keeps auth_time and carries no nonce.
    return this.issueTokens({ grantId: row.grant_id, clientId: row.client_id, userId: row.user_id, scope: row.scope }, wanted, resource ?? extras.resource ?? undefined, {
      authTime: extras.auth_time,
    });
  }

  /**
   * Revokes a refresh token (with every token of its grant, RFC 7009 §2.1) or an emulator-signed
   * platform access token. Unknown, expired or foreign tokens change nothing: the caller answers
   * 200 either way. With `clientId`, only tokens issued to that client are touched.
   */
  async revoke(token: string, hint: string | undefined, clientId: string | undefined): Promise<void> {
    const order = hint === 'access_token' ? [this.revokeAccess, this.revokeRefresh] : [this.revokeRefresh, this.revokeAccess];
    for (const attempt of order) if (await attempt.call(this, token, clientId)) return;
  }

  /** Whether an access token's id was revoked; the world's Bearer check asks this. */
  async isRevoked(jti: string): Promise<boolean> {
    return (await this.deps.storage.get('SELECT jti FROM oauth_revoked_jtis WHERE jti = ?', [jti])) !== undefined;
  }

  async user(userId: string): Promise<OAuthUser | undefined> {
    const found = await this.users.get(userId);
    return found ? userOut(found) : undefined;
  }

  private async userExists(userId: string): Promise<boolean> {
    return (await this.users.get(userId)) !== undefined;
  }

  /** The nonce, resource and sign-in time of a grant (grants made before they were kept: none, and `fallbackTime`). */
  private async grantExtras(grantId: string, fallbackTime: number): Promise<GrantRow> {
    const row = await this.deps.storage.get<GrantRow>('SELECT nonce, resource, auth_time FROM oauth_grants WHERE grant_id = ?', [grantId]);
    return row ? { nonce: row.nonce, resource: row.resource, auth_time: Number(row.auth_time) } : { nonce: null, resource: null, auth_time: fallbackTime };
  }

  private async issueTokens(grant: Grant, scope: string, resource?: string, oidc?: { authTime: number; nonce?: string | null }): Promise<TokenResponse> {
    const now = this.deps.clock.now();
    const jti = this.deps.ids.objectId();
    const signer = this.signer();
    const { token, expiresAt } = await signer.sign(
      { sub: grant.userId, use: 'access', kind: 'platform', scope, client_id: grant.clientId },
      ACCESS_TOKEN_TTL_SEC,
      jti,
      resource ? [resource] : [],
    );
    await this.deps.storage.run(
      'INSERT INTO oauth_access_tokens (jti, grant_id, client_id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      [jti, grant.grantId, grant.clientId, grant.userId, now, expiresAt],
    );
    const refreshToken = this.deps.ids.token('ort', 48);
    await this.deps.storage.run(
      `INSERT INTO oauth_refresh_tokens (token_hash, grant_id, client_id, user_id, scope, created_at, expires_at, retired_at, revoked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
      [hashSecret(refreshToken), grant.grantId, grant.clientId, grant.userId, grant.scope, now, now + REFRESH_TOKEN_TTL_MS],
    );
    const answer: TokenResponse = { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SEC, refresh_token: refreshToken, scope };
    const user = oidc && scope.split(' ').includes('openid') ? await this.user(grant.userId) : undefined;
    if (oidc && user) {
      answer.id_token = await signIdToken(signer, { user, clientId: grant.clientId, scope, accessToken: token, authTime: oidc.authTime, ...(oidc.nonce && { nonce: oidc.nonce }) });
    }
    return answer;
  }

  /** Every refresh token and access token of a grant stops working. */
  private async revokeGrant(grantId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.storage.run('UPDATE oauth_refresh_tokens SET revoked_at = ? WHERE grant_id = ? AND revoked_at IS NULL', [now, grantId]);
    await this.deps.storage.run(
      `INSERT INTO oauth_revoked_jtis (jti, revoked_at, expires_at)
       SELECT jti, ?, expires_at FROM oauth_access_tokens WHERE grant_id = ?
       ON CONFLICT (jti) DO NOTHING`,
      [now, grantId],
    );
  }

  private async revokeRefresh(token: string, clientId: string | undefined): Promise<boolean> {
    const row = await this.deps.storage.get<RefreshRow>('SELECT * FROM oauth_refresh_tokens WHERE token_hash = ?', [hashSecret(token)]);
    if (!row) return false;
    if (clientId === undefined || row.client_id === clientId) await this.revokeGrant(row.grant_id);
    return true;
  }

  private async revokeAccess(token: string, clientId: string | undefined): Promise<boolean> {
    const verified = await this.signer().verify(token);
    if (typeof verified === 'string') return false;
    const { jti, kind, client_id: owner, exp } = verified.claims;
    if (typeof jti !== 'string' || (kind !== undefined && kind !== 'platform')) return false;
    if (clientId !== undefined && owner !== undefined && owner !== clientId) return true;
    await this.deps.storage.run('INSERT INTO oauth_revoked_jtis (jti, revoked_at, expires_at) VALUES (?, ?, ?) ON CONFLICT (jti) DO NOTHING', [
      jti,
      this.deps.clock.now(),
      typeof exp === 'number' ? exp * 1000 : null,
    ]);
    return true;
  }
}

/** Scope strings are space-separated sets: one space between, duplicates dropped, order kept. */
export function normalizeScope(scope: string): string {
  return [...new Set(scope.split(' ').filter((s) => s !== ''))].join(' ');
}
