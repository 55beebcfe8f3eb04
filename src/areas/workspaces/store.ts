// Workspaces and their members: the top-level container every keyed resource belongs to.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import { DEFAULT_WORKSPACE_LIMITS, LIMIT_KEYS, SETTING_KEYS, type SettingsPatch } from './schema.js';

export type MemberRole = 'owner' | 'admin' | 'editor' | 'viewer';

export interface EmbedTier {
  slug: string;
  name?: string;
  limits: Record<string, number>;
}

export interface WorkspaceRecord {
  id: string;
  name: string;
  slug: string;
  description?: string;
  ownerId: string;
  settings: Record<string, unknown>;
  limits: Record<string, number>;
  embedTiers: EmbedTier[];
  metadata: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

export interface MemberRecord {
  workspaceId: string;
  userId: string;
  role: MemberRole;
  permissions: string[];
  joinedAt: number;
}

interface WorkspaceRow {
  [column: string]: string | number | null;
  id: string;
  name: string;
  slug: string;
  description: string | null;
  owner_id: string;
  settings: string;
  limits: string;
  embed_tiers: string;
  metadata: string;
  created_at: number;
  updated_at: number;
}

function fromRow(row: WorkspaceRow): WorkspaceRecord {
  const ws: WorkspaceRecord = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    ownerId: row.owner_id,
    settings: parseJson(row.settings, {}),
    limits: parseJson(row.limits, {}),
    embedTiers: parseJson(row.embed_tiers, []),
    metadata: parseJson(row.metadata, {}),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.description !== null) ws.description = row.description;
  return ws;
}

export class WorkspaceStore {
  private readonly cleanups: ((workspaceId: string) => Promise<void>)[] = [];

  constructor(private readonly deps: StoreDeps) {}

  async insert(ws: WorkspaceRecord): Promise<void> {
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM workspaces');
    await this.deps.storage.run(
      `INSERT INTO workspaces (id, seq, name, slug, description, owner_id, settings, limits, embed_tiers, metadata, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        ws.id,
        Number(next?.seq ?? 1),
        ws.name,
        ws.slug,
        ws.description ?? null,
        ws.ownerId,
        JSON.stringify(ws.settings),
        JSON.stringify(ws.limits),
        JSON.stringify(ws.embedTiers),
        JSON.stringify(ws.metadata),
        ws.createdAt,
        ws.updatedAt,
      ],
    );
  }

  async insertMember(member: MemberRecord): Promise<void> {
    await this.deps.storage.run(
      'INSERT INTO workspace_members (workspace_id, user_id, role, permissions, joined_at) VALUES (?, ?, ?, ?, ?)',
      [member.workspaceId, member.userId, member.role, JSON.stringify(member.permissions), member.joinedAt],
    );
  }

  async role(workspaceId: string, userId: string): Promise<MemberRole | undefined> {
    const row = await this.deps.storage.get<{ role: string }>('SELECT role FROM workspace_members WHERE workspace_id = ? AND user_id = ?', [
      workspaceId,
      userId,
    ]);
    return row?.role as MemberRole | undefined;
  }

  async workspacesOf(userId: string): Promise<string[]> {
    const rows = await this.deps.storage.all<{ workspace_id: string }>(
      'SELECT m.workspace_id FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id WHERE m.user_id = ? ORDER BY w.seq',
      [userId],
    );
    return rows.map((r) => r.workspace_id);
  }

  /** A workspace's own limits (no defaults), or undefined when it does not exist. */
  async limitsOf(id: string): Promise<Record<string, number> | undefined> {
    const row = await this.deps.storage.get<{ limits: string }>('SELECT limits FROM workspaces WHERE id = ?', [id]);
    return row ? parseJson<Record<string, number>>(row.limits, {}) : undefined;
  }

  async get(id: string): Promise<WorkspaceRecord | undefined> {
    const row = await this.deps.storage.get<WorkspaceRow>('SELECT * FROM workspaces WHERE id = ?', [id]);
    return row ? fromRow(row) : undefined;
  }

  /** The workspaces a user belongs to, oldest first. */
  async listFor(userId: string): Promise<WorkspaceRecord[]> {
    const rows = await this.deps.storage.all<WorkspaceRow>(
      'SELECT w.* FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id WHERE m.user_id = ? ORDER BY w.seq',
      [userId],
    );
    return rows.map(fromRow);
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const row = await this.deps.storage.get<{ id: string }>('SELECT id FROM workspaces WHERE slug = ?', [slug]);
    return row !== undefined && row.id !== exceptId;
  }

  /** A free slug made from a name: `acme`, else `acme-2`, `acme-3`, ... */
  async uniqueSlug(name: string): Promise<string> {
    const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 58) || 'workspace';
    let slug = base;
    for (let n = 2; await this.slugTaken(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  /** Creates a workspace whose owner is its first member. */
  async create(input: { name: string; slug: string; description?: string; ownerId: string; settings: Record<string, unknown>; limits?: Record<string, number>; createdBy?: string }): Promise<WorkspaceRecord> {
    const now = this.deps.clock.now();
    const ws: WorkspaceRecord = {
      id: this.deps.ids.objectId(),
      name: input.name,
      slug: input.slug,
      ...(input.description !== undefined && { description: input.description }),
      ownerId: input.ownerId,
      settings: input.settings,
      limits: input.limits ?? {},
      embedTiers: [],
      metadata: input.createdBy !== undefined ? { createdBy: input.createdBy } : {},
      createdAt: now,
      updatedAt: now,
    };
    await this.insert(ws);
    await this.insertMember({ workspaceId: ws.id, userId: input.ownerId, role: 'owner', permissions: [], joinedAt: now });
    return ws;
  }

  /** Applies a partial update; `null` clears a description or a setting. */
  async update(id: string, patch: { name?: string; description?: string | null; slug?: string; settings?: SettingsPatch }): Promise<WorkspaceRecord | undefined> {
    const ws = await this.get(id);
    if (!ws) return undefined;
    const settings = { ...ws.settings };
    for (const [key, value] of Object.entries(patch.settings ?? {})) {
      if (value === null) delete settings[key];
      else settings[key] = value;
    }
    const description = patch.description === undefined ? (ws.description ?? null) : patch.description;
    await this.deps.storage.run('UPDATE workspaces SET name = ?, slug = ?, description = ?, settings = ?, updated_at = ? WHERE id = ?', [
      patch.name ?? ws.name,
      patch.slug ?? ws.slug,
      description,
      JSON.stringify(settings),
      this.deps.clock.now(),
      id,
    ]);
    return this.get(id);
  }

  async setOwner(id: string, ownerId: string): Promise<void> {
    await this.deps.storage.run('UPDATE workspaces SET owner_id = ?, updated_at = ? WHERE id = ?', [ownerId, this.deps.clock.now(), id]);
  }

  /** Areas whose rows belong to a workspace register their cleanup here, so nothing dangles. */
  onDelete(cleanup: (workspaceId: string) => Promise<void>): void {
    this.cleanups.push(cleanup);
  }

  /** Deletes a workspace with its members, keys, transcripts and identity records. */
  async delete(id: string): Promise<boolean> {
    const run = (sql: string) => this.deps.storage.run(sql, [id]);
    const { changes } = await run('DELETE FROM workspaces WHERE id = ?');
    if (changes === 0) return false;
    await run('DELETE FROM transcript_messages WHERE transcript_id IN (SELECT id FROM transcripts WHERE workspace_id = ?)');
    await run('DELETE FROM workspace_group_members WHERE group_id IN (SELECT id FROM workspace_groups WHERE workspace_id = ?)');
    for (const table of OWNED_TABLES) await run(`DELETE FROM ${table} WHERE workspace_id = ?`);
    for (const cleanup of this.cleanups) await cleanup(id);
    return true;
  }
}

/** Tables whose rows carry the workspace_id of the workspace they belong to. */
const OWNED_TABLES = ['workspace_members', 'api_keys', 'transcripts', 'byok_credentials', 'workspace_groups', 'permission_grants', 'rate_limit_requests'] as const;

/** The public `Workspace` record (spec section 2): known settings, limits with defaults, ISO stamps. */
export function workspaceAnswer(ws: WorkspaceRecord) {
  const settings: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) if (ws.settings[key] !== undefined) settings[key] = ws.settings[key];
  const limits = { ...DEFAULT_WORKSPACE_LIMITS } as Record<(typeof LIMIT_KEYS)[number], number>;
  for (const key of LIMIT_KEYS) if (typeof ws.limits[key] === 'number') limits[key] = ws.limits[key];
  const createdBy = ws.metadata.createdBy;
  return {
    id: ws.id,
    name: ws.name,
    slug: ws.slug,
    ...(ws.description !== undefined && { description: ws.description }),
    ownerId: ws.ownerId,
    settings,
    limits,
    metadata: { createdAt: toIso(ws.createdAt), updatedAt: toIso(ws.updatedAt), ...(typeof createdBy === 'string' && { createdBy }) },
  };
}
