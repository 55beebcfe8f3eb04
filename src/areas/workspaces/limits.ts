// Workspace limits (spec section 2): the workspace's own value, else the emulator's default,
// checked before a resource is added. A full workspace answers 409 CONFLICT naming the limit.
import { conflict, notFound } from '../../core/errors.js';
import type { StoreDeps } from '../../core/services.js';
import { DEFAULT_WORKSPACE_LIMITS } from './schema.js';
import type { WorkspaceStore } from './store.js';

export type LimitName = keyof typeof DEFAULT_WORKSPACE_LIMITS;

export class WorkspaceLimits {
  constructor(
    private readonly deps: StoreDeps,
    private readonly workspaces: WorkspaceStore,
  ) {}

  async value(workspaceId: string, name: LimitName): Promise<number> {
    const limits = await this.workspaces.limitsOf(workspaceId);
    if (!limits) throw notFound('Workspace');
    return limits[name] ?? DEFAULT_WORKSPACE_LIMITS[name];
  }

  /** Refuses when `current + adding` would pass the limit. */
  async ensureRoom(workspaceId: string, name: LimitName, current: number, adding = 1): Promise<void> {
    const max = await this.value(workspaceId, name);
    if (current + adding > max) {
      throw conflict(`Workspace limit reached: ${name}`, { limit: name, max, current, requested: adding });
    }
  }

  /** Room for `count` more RAG collections (targets). */
  async ensureCollections(workspaceId: string, count = 1): Promise<void> {
    const row = await this.deps.storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM rag_targets WHERE workspace_id = ?', [workspaceId]);
    await this.ensureRoom(workspaceId, 'maxRagCollections', Number(row?.n ?? 0), count);
  }

  /** Room for `bytes` more of stored RAG files. */
  async ensureStorage(workspaceId: string, bytes: number): Promise<void> {
    const row = await this.deps.storage.get<{ n: number }>('SELECT COALESCE(SUM(size_bytes), 0) AS n FROM rag_files WHERE workspace_id = ?', [workspaceId]);
    await this.ensureRoom(workspaceId, 'maxRagStorageBytes', Number(row?.n ?? 0), bytes);
  }
}
