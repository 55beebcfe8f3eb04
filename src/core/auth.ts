// Who is calling: the API key in `x-api-key`, checked against storage and the emulator clock.
import { forbidden, unauthorized } from './errors.js';
import type { Principal, RouteAuth } from './route.js';

/** The parts of a stored key the core needs; the api-keys area's records satisfy it. */
export interface KeyForAuth {
  id: string;
  workspaceId: string;
  status: 'active' | 'revoked' | 'expired';
  permissions: string[];
  rateLimit?: number;
}

export interface KeyLookup {
  findBySecret(secret: string): Promise<KeyForAuth | undefined>;
  touch(key: KeyForAuth): Promise<void>;
}

export interface Authenticated {
  principal: Principal;
  key?: KeyForAuth;
}

export async function authenticate(auth: RouteAuth, request: Request, keys: KeyLookup): Promise<Authenticated> {
  if (auth.kind === 'none') return { principal: { kind: 'anonymous' } };
  const secret = request.headers.get('x-api-key');
  if (!secret) {
    if (auth.optional) return { principal: { kind: 'anonymous' } };
    throw unauthorized('API key required: send it in the x-api-key header');
  }
  const key = await keys.findBySecret(secret);
  if (!key) throw unauthorized('Invalid API key');
  if (key.status === 'revoked') throw unauthorized('API key has been revoked');
  if (key.status === 'expired') throw unauthorized('API key has expired');
  await keys.touch(key);
  return {
    principal: { kind: 'apiKey', keyId: key.id, workspaceId: key.workspaceId, permissions: key.permissions },
    key,
  };
}

/** An empty permission list is full access inside the key's workspace (spec section 5). */
export function requirePermission(auth: RouteAuth, principal: Principal): void {
  if (auth.kind !== 'apiKey' || !auth.permission || principal.kind !== 'apiKey') return;
  if (principal.permissions.length === 0 || principal.permissions.includes(auth.permission)) return;
  throw forbidden(`API key lacks the ${auth.permission} permission`);
}
