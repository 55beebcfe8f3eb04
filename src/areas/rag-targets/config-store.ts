// The workspace's RAG defaults (CLI `rag config`, emulator-defined): what a new vector index starts
// with when its create names none of these fields. Only the fields a workspace set are stored.
import { validationError } from '../../core/errors.js';
import { parseJson, toIso, type StoreDeps } from '../../core/services.js';
import type { RagConfig, RagConfigPatch, RagDefaults } from '../../types/rag-tools.js';
import { TARGET_DEFAULTS } from './schema.js';

const BUILT_IN: RagDefaults = { ...TARGET_DEFAULTS };

/** A create's settings over the workspace defaults; a default overlap too big for the create's chunkSize is dropped. */
export function withDefaults<T extends object>(defaults: Partial<RagDefaults>, body: T): Partial<RagDefaults> & T {
  const merged: Partial<RagDefaults> & T = { ...defaults, ...body };
  const own = body as { chunkOverlap?: number };
  if (own.chunkOverlap === undefined && merged.chunkOverlap !== undefined && merged.chunkOverlap >= (merged.chunkSize ?? BUILT_IN.chunkSize)) delete merged.chunkOverlap;
  return merged;
}

export class RagConfigStore {
  constructor(private readonly deps: StoreDeps) {}

  private async row(workspaceId: string) {
    return this.deps.storage.get<{ config: string; updated_at: number }>('SELECT config, updated_at FROM rag_workspace_config WHERE workspace_id = ?', [workspaceId]);
  }

  /** The fields the workspace set. */
  async overrides(workspaceId: string): Promise<Partial<RagDefaults>> {
    return parseJson<Partial<RagDefaults>>((await this.row(workspaceId))?.config, {});
  }

  async get(workspaceId: string): Promise<RagConfig> {
    const row = await this.row(workspaceId);
    const set = parseJson<Partial<RagDefaults>>(row?.config, {});
    return { workspaceId, ...BUILT_IN, ...set, overridden: Object.keys(set).sort(), updatedAt: row ? toIso(Number(row.updated_at)) : null };
  }

  /** Merges the patch; the effective chunkOverlap must stay below the chunkSize. */
  async patch(workspaceId: string, patch: RagConfigPatch): Promise<RagConfig> {
    const set = { ...(await this.overrides(workspaceId)), ...patch };
    const effective = { ...BUILT_IN, ...set };
    if (effective.chunkOverlap >= effective.chunkSize) {
      throw validationError('chunkOverlap must be smaller than chunkSize', [{ path: patch.chunkOverlap !== undefined ? 'body.chunkOverlap' : 'body.chunkSize', message: `chunkOverlap ${effective.chunkOverlap} ≥ chunkSize ${effective.chunkSize}` }]);
    }
    const now = this.deps.clock.now();
    const existing = await this.row(workspaceId);
    if (existing) await this.deps.storage.run('UPDATE rag_workspace_config SET config = ?, updated_at = ? WHERE workspace_id = ?', [JSON.stringify(set), now, workspaceId]);
    else await this.deps.storage.run('INSERT INTO rag_workspace_config (workspace_id, config, updated_at) VALUES (?, ?, ?)', [workspaceId, JSON.stringify(set), now]);
    return this.get(workspaceId);
  }
}
