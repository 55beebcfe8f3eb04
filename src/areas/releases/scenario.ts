// Loads a workspace's releases from a scenario (its `releases` field, validated by the scenario
// document's schema, which passes the document-only fields through), created by the owner.
import type { AreaLoadTarget } from '../../core/area.js';
import type { ReleaseInput, ReleaseStore } from './store.js';
import { scenarioDocOf } from './wire-input.js';

/** A scenario's release: the stored fields, and any document-only field (slug, description ...). */
export type ReleaseScenarioDoc = Omit<ReleaseInput, 'doc' | 'createdBy' | 'id'> & { id?: string | undefined } & Record<string, unknown>;

export async function loadReleases(docs: ReleaseScenarioDoc[], { workspaceId, handle, ownerId }: AreaLoadTarget, releases: ReleaseStore): Promise<void> {
  for (const release of docs) {
    const doc = scenarioDocOf(release);
    const releaseId = await releases.insert(workspaceId, {
      ...(release.id !== undefined && { id: release.id }),
      name: release.name,
      status: release.status,
      authMode: release.authMode,
      config: release.config,
      ...(release.theme !== undefined && { theme: release.theme }),
      allowedOrigins: release.allowedOrigins,
      ...(release.fallbackAssistants !== undefined && { fallbackAssistants: release.fallbackAssistants }),
      ...(release.mcpConfig !== undefined && { mcpConfig: release.mcpConfig }),
      ...(doc && { doc }),
      createdBy: ownerId,
    });
    handle.releases.push({ id: releaseId, name: release.name });
  }
}
