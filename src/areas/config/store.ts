// The workspace configuration as the command line's `config` group sees it: title, description,
// settings and limits, and an export that gathers the identity records without any secret.
import type { Clock } from '../../clock/clock.js';
import { keyOut, type ApiKeyStore } from '../api-keys/public.js';
import type { ByokStore } from '../byok/public.js';
import type { GroupStore } from '../groups/public.js';
import { memberAnswer, type MemberStore } from '../members/public.js';
import type { PermissionStore } from '../permissions/public.js';
import { workspaceAnswer, type WorkspaceRecord, type WorkspaceStore } from '../workspaces/public.js';
import { workspaceNotFound } from './errors.js';

export interface ConfigSources {
  clock: Clock;
  workspaces: WorkspaceStore;
  members: MemberStore;
  apiKeys: ApiKeyStore;
  byok: ByokStore;
  groups: GroupStore;
  permissions: PermissionStore;
}

export function configAnswer(ws: WorkspaceRecord) {
  const { settings, limits, metadata } = workspaceAnswer(ws);
  return {
    workspaceId: ws.id,
    title: ws.name,
    ...(ws.description !== undefined && { description: ws.description }),
    slug: ws.slug,
    settings,
    limits,
    updatedAt: metadata.updatedAt,
  };
}

export class ConfigStore {
  constructor(private readonly sources: ConfigSources) {}

  private async workspace(id: string): Promise<WorkspaceRecord> {
    const ws = await this.sources.workspaces.get(id);
    if (!ws) throw workspaceNotFound();
    return ws;
  }

  async get(workspaceId: string) {
    return configAnswer(await this.workspace(workspaceId));
  }

  async setTitle(workspaceId: string, title: string) {
    await this.workspace(workspaceId);
    return configAnswer((await this.sources.workspaces.update(workspaceId, { name: title })) as WorkspaceRecord);
  }

  async setDescription(workspaceId: string, description: string | null) {
    await this.workspace(workspaceId);
    const next = description === null || description === '' ? null : description;
    return configAnswer((await this.sources.workspaces.update(workspaceId, { description: next })) as WorkspaceRecord);
  }

  async export(workspaceId: string) {
    const ws = await this.workspace(workspaceId);
    const { clock, members, apiKeys, byok, groups, permissions } = this.sources;
    return {
      exportedAt: clock.iso(),
      workspace: workspaceAnswer(ws),
      members: (await members.list(workspaceId)).map(memberAnswer),
      apiKeys: (await apiKeys.list(workspaceId)).map(keyOut),
      byok: await byok.list(workspaceId),
      groups: await groups.list(workspaceId),
      permissions: await permissions.list(workspaceId),
    };
  }
}
