// The workspace API-key routes (contract section 7, and the server SDK's apiKeys surface): list,
// get one, create and rotate (the secret is shown only then), update, revoke (record kept), delete
// (record gone), and revoking a key's sign-in sessions. Owners and admins, or a key of the
// workspace with full access.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { validationError } from '../../core/errors.js';
import { keyNotFound } from './errors.js';
import {
  ApiKeyAnswerSchema,
  ApiKeyDeletedAnswerSchema,
  ApiKeyWithSecretAnswerSchema,
  CreateKeySchema,
  KeyParams,
  ListKeysQuery,
  UpdateKeySchema,
  WorkspaceParams,
} from './schema.js';
import { keyOut, type ApiKeyRecord, type ApiKeyStore } from './store.js';
import type { EmbedAuthStore } from '../embed-auth/public.js';

const TAG = 'workspaces/:workspaceId/api-keys';
const SDK_DOC = 'https://sdk.divinci.ai/server/api-keys/';
const BASE = '/api/v1/workspaces/:workspaceId/api-keys';
const manage = { kind: 'workspace', level: 'admin', param: 'workspaceId' } as const;

const found = (key: ApiKeyRecord | undefined) => {
  if (!key) throw keyNotFound();
  return keyOut(key);
};

/** Cursors are opaque to clients: an offset in base64url. */
const encodeCursor = (offset: number) => btoa(`o:${offset}`).replace(/=+$/, '');
function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  let text = '';
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    // Not base64: reported below like any other foreign cursor.
  }
  const match = /^o:(\d+)$/.exec(text);
  if (!match) throw validationError('Invalid cursor', [{ path: 'query.cursor', message: 'Not a cursor this API returned' }]);
  return Number(match[1]);
}

export function apiKeyRoutes(keys: ApiKeyStore, sessions: EmbedAuthStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'List the workspace’s API keys (never their secrets), oldest first',
      auth: manage,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: WorkspaceParams,
      query: ListKeysQuery,
      handler: async ({ principal, query }) => {
        let all = await keys.list(workspaceOf(principal));
        if (query.status) all = all.filter((k) => k.status === query.status);
        const offset = decodeCursor(query.cursor);
        const page = all.slice(offset, offset + query.limit);
        const next = offset + page.length;
        return {
          data: page.map(keyOut),
          hasMore: next < all.length,
          ...(next < all.length && { nextCursor: encodeCursor(next) }),
          total: all.length,
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: BASE,
      tag: TAG,
      summary: 'Create a key; the secret is in this answer only',
      auth: manage,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: WorkspaceParams,
      body: CreateKeySchema,
      response: ApiKeyWithSecretAnswerSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        // The SDK may repeat the workspace in the body; it must be the one in the path.
        if (body.workspaceId !== undefined && body.workspaceId !== workspaceOf(principal)) {
          throw validationError('The body names another workspace than the path', [{ path: 'body.workspaceId', message: 'Must equal the workspace in the path' }]);
        }
        const { key, secret } = await keys.create(workspaceOf(principal), body);
        return { ...keyOut(key), secret };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:keyId`,
      tag: TAG,
      summary: 'One key, never its secret',
      auth: manage,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: KeyParams,
      response: ApiKeyAnswerSchema,
      handler: async ({ principal, params }) => found(await keys.get(workspaceOf(principal), params.keyId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: `${BASE}/:keyId`,
      tag: TAG,
      summary: 'Update a key’s name, origins, permissions, tiers, tier limits, rate limit or expiry',
      auth: manage,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: KeyParams,
      body: UpdateKeySchema,
      response: ApiKeyAnswerSchema,
      handler: async ({ principal, params, body }) => found(await keys.update(workspaceOf(principal), params.keyId, body)),
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:keyId`,
      tag: TAG,
      summary: 'Delete a key: it stops working at once and is gone (the answer is its last state, revoked)',
      auth: manage,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: KeyParams,
      response: ApiKeyDeletedAnswerSchema,
      handler: async ({ principal, params }) => {
        const key = await keys.delete(workspaceOf(principal), params.keyId);
        if (!key) throw keyNotFound();
        // A deleted key is revoked too: sign-in sessions made with it stop working.
        return { ...keyOut(key), status: 'revoked', deleted: true };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:keyId/revoke`,
      tag: TAG,
      summary: 'Revoke a key: it stops working at once, and so do token exchanges made with it; the record stays',
      auth: manage,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: KeyParams,
      response: ApiKeyAnswerSchema,
      handler: async ({ principal, params }) => {
        if (!(await keys.get(workspaceOf(principal), params.keyId))) throw keyNotFound();
        return found(await keys.revoke(workspaceOf(principal), params.keyId));
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:keyId/rotate`,
      tag: TAG,
      summary: 'A new secret for the key, shown once; the old secret stops working',
      auth: manage,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: KeyParams,
      response: ApiKeyWithSecretAnswerSchema,
      handler: async ({ principal, params }) => {
        const current = await keys.get(workspaceOf(principal), params.keyId);
        // A revoked key stays revoked: there is nothing to rotate.
        if (!current || current.status === 'revoked') throw keyNotFound();
        const rotated = await keys.rotate(workspaceOf(principal), params.keyId);
        if (!rotated) throw keyNotFound();
        return { ...keyOut(rotated.key), secret: rotated.secret };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:keyId/revoke-sessions`,
      tag: TAG,
      summary: 'Every refresh token minted with the key so far stops working',
      auth: manage,
      emulatorDefined: true,
      params: KeyParams,
      handler: async ({ principal, params }) => {
        const key = await keys.revokeSessions(workspaceOf(principal), params.keyId);
        if (!key?.sessionsRevokedAt) throw keyNotFound();
        const revoked = await sessions.revokeAll(key.id);
        return { ...keyOut(key), sessionsRevokedAt: new Date(key.sessionsRevokedAt).toISOString(), sessionsRevoked: revoked };
      },
    }),
  ];
}
