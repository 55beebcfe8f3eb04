// A world's platform access tokens: issued for one of its users, and checked on every request
// (signature and lifetime, then revocation through OAuth, then that the user still exists).
import type { TokenCheck } from '../core/auth.js';
import { notFound, validationError } from '../core/errors.js';
import type { World } from './world.js';

/** A platform access token is good while its signature, lifetime and user all hold. */
export async function verifyUserToken(world: World, token: string): Promise<TokenCheck> {
  const verified = await world.signer.verify(token);
  if (typeof verified === 'string') return verified;
  if (verified.claims.kind !== undefined && verified.claims.kind !== 'platform') return 'invalid';
  // OAuth (areas/oauth): a token revoked through /oauth/revoke, or by code or refresh reuse.
  if (typeof verified.claims.jti === 'string' && (await world.areas.api('oauth').store.isRevoked(verified.claims.jti))) return 'invalid';
  if (!(await world.areas.api('users').get(verified.userId))) return 'invalid';
  return verified;
}

/** A token for `userId` (a user of the world), living `expiresInSec` seconds on the world's clock. */
export async function issueUserToken(world: World, userId: string, expiresInSec: number): Promise<{ accessToken: string; expiresAt: string }> {
  if (!(await world.areas.api('users').get(userId))) throw notFound('User');
  if (!Number.isInteger(expiresInSec)) throw validationError('expiresInSec must be an integer');
  const { token, expiresAt } = await world.signer.sign({ sub: userId, use: 'access' }, expiresInSec, world.ids.objectId());
  return { accessToken: token, expiresAt: new Date(expiresAt).toISOString() };
}
