// Loads a workspace's groups, provider credentials and grants from a scenario, after everything
// they may refer to (users, releases, RAG targets, transcripts) exists.
import type { ByokStore } from '../areas/byok/store.js';
import type { GroupStore } from '../areas/groups/store.js';
import type { PermissionStore } from '../areas/permissions/store.js';
import type { Scenario } from './schema.js';

export interface IdentityLoaderDeps {
  groups: GroupStore;
  byok: ByokStore;
  permissions: PermissionStore;
}

export async function loadIdentity(workspaceId: string, ws: Scenario['workspaces'][number], deps: IdentityLoaderDeps): Promise<void> {
  for (const group of ws.groups) {
    const created = await deps.groups.create(workspaceId, {
      ...(group.id !== undefined && { id: group.id }),
      name: group.name,
      ...(group.description !== undefined && { description: group.description }),
    });
    for (const email of group.members) await deps.groups.invite(workspaceId, created.id, email);
  }
  for (const credential of ws.byok) await deps.byok.create(workspaceId, credential);
  for (const grant of ws.permissions) await deps.permissions.grant(workspaceId, grant);
}
