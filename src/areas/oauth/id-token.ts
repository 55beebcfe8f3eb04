// OpenID Connect ID tokens (Core §2, §3.1.3.6): EdDSA like every emulator token, with the
// client as audience, the request's nonce, the sign-in time and at_hash.
import { sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { TokenSigner } from '../../security/jwt.js';
import { base64url } from '../../security/base64url.js';
import type { OAuthUser } from './store.js';

/** ID tokens live as long as the access token they come with. */
export const ID_TOKEN_TTL_SEC = 3600;

/** at_hash: the left half of the access token's hash; Ed25519 signatures hash with SHA-512. */
export function atHash(accessToken: string): string {
  return base64url(sha512(utf8ToBytes(accessToken)).slice(0, 32));
}

export interface IdTokenInput {
  user: OAuthUser;
  clientId: string;
  scope: string;
  accessToken: string;
  /** Epoch ms of the sign-in the grant came from (refreshes keep it). */
  authTime: number;
  nonce?: string | null;
}

/** The ID token: profile and email claims as the scope asks, beside the required ones. */
export function signIdToken(signer: TokenSigner, input: IdTokenInput): Promise<string> {
  const { user, scope } = input;
  const scopes = scope.split(' ');
  const claims: Record<string, unknown> = {
    sub: user.id,
    aud: input.clientId,
    azp: input.clientId,
    auth_time: Math.floor(input.authTime / 1000),
    at_hash: atHash(input.accessToken),
  };
  if (input.nonce) claims.nonce = input.nonce;
  if (scopes.includes('email') && user.email !== undefined) Object.assign(claims, { email: user.email, email_verified: user.emailVerified });
  if (scopes.includes('profile')) {
    if (user.name !== undefined) claims.name = user.name;
    if (user.nickname !== undefined) claims.nickname = user.nickname;
    if (user.picture !== undefined) claims.picture = user.picture;
  }
  return signer.signIdToken(claims, ID_TOKEN_TTL_SEC);
}
