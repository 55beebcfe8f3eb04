// Scenario documents' identity records: groups, provider credentials (BYOK) and permission grants.
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';
import { ByokProviderSchema } from '../areas/byok/schema.js';
import { GrantRoleSchema, PrincipalSchema, ResourceSchema } from '../areas/permissions/schema.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9_.:-]+$/, 'Ids use letters, digits, _ . : -')));

export const GroupDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    description: z.string().max(2000).optional(),
    /** Addresses in the group: an existing user's is active, any other is invited. */
    members: z.array(z.email()).default([]),
  }));

export const ByokDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    provider: ByokProviderSchema,
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    /** Stored only as a hash (and its last four characters). */
    key: z.string().check(z.minLength(8), z.maxLength(4096), z.regex(/^\S+$/, 'A provider key has no whitespace')),
  }));

export const GrantDocSchema = lazySchema(() => z
  .strictObject({ id: Id.optional(), resource: ResourceSchema, principal: PrincipalSchema, role: GrantRoleSchema }));

/** The fields a workspace document gains. */
export const workspaceIdentityFields = lazySchema(() => ({
  groups: z.array(GroupDocSchema).default([]),
  byok: z.array(ByokDocSchema).default([]),
  permissions: z.array(GrantDocSchema).default([]),
}));

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Cross-references of the identity records, on the raw document: unique group and credential ids,
 * and grants whose principal is a user of the document or a group of the same workspace, and whose
 * `workspace:` resource is that workspace.
 */
export function identityReferenceIssues(doc: unknown): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const userIds = new Set(list(field(doc, 'users')).map((u) => text(field(u, 'id'))));
  const seen = new Set<string>();
  list(field(doc, 'workspaces')).forEach((ws, w) => {
    const groupIds = new Set<string>();
    for (const kind of ['groups', 'byok'] as const) {
      list(field(ws, kind)).forEach((record, i) => {
        const id = text(field(record, 'id'));
        if (id === undefined) return;
        if (seen.has(`${kind}:${id}`)) issues.push({ path: ['workspaces', w, kind, i, 'id'], message: `Duplicate id "${id}"` });
        seen.add(`${kind}:${id}`);
        if (kind === 'groups') groupIds.add(id);
      });
    }
    list(field(ws, 'permissions')).forEach((grant, i) => {
      const principal = text(field(grant, 'principal')) ?? '';
      const [kind, id] = [principal.slice(0, principal.indexOf(':')), principal.slice(principal.indexOf(':') + 1)];
      if (kind === 'user' && !userIds.has(id)) issues.push({ path: ['workspaces', w, 'permissions', i, 'principal'], message: `Unknown user "${id}"` });
      if (kind === 'group' && !groupIds.has(id)) {
        issues.push({ path: ['workspaces', w, 'permissions', i, 'principal'], message: `Unknown group "${id}" (give the group an id in this workspace)` });
      }
      const resource = text(field(grant, 'resource')) ?? '';
      const wsId = text(field(ws, 'id'));
      if (resource.startsWith('workspace:') && resource !== `workspace:${wsId}`) {
        issues.push({ path: ['workspaces', w, 'permissions', i, 'resource'], message: 'A workspace grant names its own workspace (with an explicit id)' });
      }
    });
  });
  return issues;
}
