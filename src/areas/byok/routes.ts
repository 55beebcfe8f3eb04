// The BYOK routes (emulator-defined): provider credentials of the calling workspace. Members read
// the metadata; admins and owners create, rotate and delete. The key is never answered.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { paginate } from '../workspaces/public.js';
import { byokNotFound } from './errors.js';
import {
  ByokCredentialSchema,
  ByokDeletedSchema,
  ByokListQuerySchema,
  ByokListSchema,
  ByokParamsSchema,
  CreateByokSchema,
  RotateByokSchema,
  type ByokCredential,
} from './schema.js';
import type { ByokStore } from './store.js';

const TAG = 'byok';
// Keys need the SDK's byok scopes (or full access); users need the role.
const read = { kind: 'workspace', level: 'read', permission: 'byok:read' } as const;
const manage = { kind: 'workspace', level: 'admin', permission: 'byok:write' } as const;

const found = (credential: ByokCredential | undefined): ByokCredential => {
  if (!credential) throw byokNotFound();
  return credential;
};

export function byokRoutes(store: ByokStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/byok',
      tag: TAG,
      summary: 'List the workspace’s provider credentials (never their keys)',
      auth: read,
      emulatorDefined: true,
      query: ByokListQuerySchema,
      response: ByokListSchema,
      handler: async ({ principal, query }) => paginate(await store.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/byok',
      tag: TAG,
      summary: 'Store a provider key; only its hash and last four characters are kept',
      auth: manage,
      emulatorDefined: true,
      body: CreateByokSchema,
      response: ByokCredentialSchema,
      status: 201,
      handler: ({ principal, body }) => store.create(workspaceOf(principal), body),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/byok/:byokId',
      tag: TAG,
      summary: 'One provider credential (never its key)',
      auth: read,
      emulatorDefined: true,
      params: ByokParamsSchema,
      response: ByokCredentialSchema,
      handler: async ({ principal, params }) => found(await store.get(workspaceOf(principal), params.byokId)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/byok/:byokId/rotate',
      tag: TAG,
      summary: 'Replace the stored key with a new one',
      auth: manage,
      emulatorDefined: true,
      params: ByokParamsSchema,
      body: RotateByokSchema,
      response: ByokCredentialSchema,
      handler: async ({ principal, params, body }) => found(await store.rotate(workspaceOf(principal), params.byokId, body.key)),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/byok/:byokId',
      tag: TAG,
      summary: 'Delete a provider credential',
      auth: manage,
      emulatorDefined: true,
      params: ByokParamsSchema,
      response: ByokDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.byokId))) throw byokNotFound();
        return { status: 'ok', id: params.byokId };
      },
    }),
  ];
}
