// Workspaces and their members: the top-level container every keyed resource belongs to.
import type { StoreDeps } from '../../core/services.js';
import { parseJson } from '../../core/services.js';

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
  constructor(private readonly deps: StoreDeps) {}

  async insert(ws: WorkspaceRecord): Promise<void> {
    await this.deps.storage.run(
      `INSERT INTO workspaces (id, name, slug, description, owner_id, settings, limits, embed_tiers, metadata, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        ws.id,
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
      'SELECT m.workspace_id FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id WHERE m.user_id = ? ORDER BY w.created_at, w.id',
      [userId],
    );
    return rows.map((r) => r.workspace_id);
  }

  async get(id: string): Promise<WorkspaceRecord | undefined> {
    const row = await this.deps.storage.get<WorkspaceRow>('SELECT * FROM workspaces WHERE id = ?', [id]);
    return row ? fromRow(row) : undefined;
  }
}
