// Groups of a workspace and their members. An invitation to an existing user's address is active
// at once; any other address stays invited. Deleting a group drops its grants.
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import type { UserStore } from '../users/public.js';
import { alreadyInGroup, groupMemberNotFound, groupNameTaken } from './errors.js';
import type { CreateGroupInput, Group, RemoveUserInput, UpdateGroupInput } from './schema.js';

interface GroupRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  created_at: number;
  updated_at: number;
}

interface GroupMemberRow {
  [column: string]: string | number | null;
  group_id: string;
  email: string;
  user_id: string | null;
  status: string;
}

export class GroupStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly users: UserStore,
  ) {}

  private async answer(row: GroupRow): Promise<Group> {
    const members = await this.deps.storage.all<GroupMemberRow>('SELECT * FROM workspace_group_members WHERE group_id = ? ORDER BY seq', [row.id]);
    return {
      id: row.id,
      workspaceId: row.workspace_id,
      name: row.name,
      ...(row.description !== null && { description: row.description }),
      members: members.map((m) => ({ ...(m.user_id !== null && { userId: m.user_id }), email: m.email, status: m.status as 'invited' | 'active' })),
      createdAt: toIso(Number(row.created_at)),
      updatedAt: toIso(Number(row.updated_at)),
    };
  }

  private row(workspaceId: string, id: string): Promise<GroupRow | undefined> {
    return this.deps.storage.get<GroupRow>('SELECT * FROM workspace_groups WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  private async checkName(workspaceId: string, name: string, exceptId?: string): Promise<void> {
    const row = await this.deps.storage.get<{ id: string }>('SELECT id FROM workspace_groups WHERE workspace_id = ? AND LOWER(name) = ?', [
      workspaceId,
      name.toLowerCase(),
    ]);
    if (row && row.id !== exceptId) throw groupNameTaken(name);
  }

  async list(workspaceId: string): Promise<Group[]> {
    const rows = await this.deps.storage.all<GroupRow>('SELECT * FROM workspace_groups WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return Promise.all(rows.map((row) => this.answer(row)));
  }

  async get(workspaceId: string, id: string): Promise<Group | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? this.answer(row) : undefined;
  }

  /** The ids of the groups of a workspace that a user is an active member of. */
  async groupsOf(workspaceId: string, userId: string): Promise<string[]> {
    const rows = await this.deps.storage.all<{ id: string }>(
      `SELECT g.id FROM workspace_groups g JOIN workspace_group_members m ON m.group_id = g.id
       WHERE g.workspace_id = ? AND m.user_id = ? AND m.status = 'active' ORDER BY g.seq`,
      [workspaceId, userId],
    );
    return rows.map((r) => r.id);
  }

  async create(workspaceId: string, input: CreateGroupInput & { id?: string }): Promise<Group> {
    await this.checkName(workspaceId, input.name);
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM workspace_groups');
    await this.deps.storage.run(
      'INSERT INTO workspace_groups (id, seq, workspace_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [id, Number(next?.seq ?? 1), workspaceId, input.name, input.description ?? null, now, now],
    );
    return (await this.get(workspaceId, id)) as Group;
  }

  async update(workspaceId: string, id: string, patch: UpdateGroupInput): Promise<Group | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    if (patch.name !== undefined) await this.checkName(workspaceId, patch.name, id);
    await this.deps.storage.run('UPDATE workspace_groups SET name = ?, description = ?, updated_at = ? WHERE id = ?', [
      patch.name ?? row.name,
      patch.description === undefined ? row.description : patch.description,
      this.deps.clock.now(),
      id,
    ]);
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM workspace_groups WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    if (changes === 0) return false;
    await this.deps.storage.run('DELETE FROM workspace_group_members WHERE group_id = ?', [id]);
    await this.deps.storage.run('DELETE FROM permission_grants WHERE workspace_id = ? AND principal = ?', [workspaceId, `group:${id}`]);
    return true;
  }

  /** Adds an address to a group: active when it belongs to a user, else invited. */
  async invite(workspaceId: string, id: string, email: string): Promise<Group | undefined> {
    if (!(await this.row(workspaceId, id))) return undefined;
    const address = email.toLowerCase();
    const taken = await this.deps.storage.get('SELECT email FROM workspace_group_members WHERE group_id = ? AND email = ?', [id, address]);
    if (taken) throw alreadyInGroup(address);
    const user = await this.users.findByEmail(address);
    const now = this.deps.clock.now();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM workspace_group_members');
    await this.deps.storage.run(
      'INSERT INTO workspace_group_members (group_id, email, user_id, status, seq, added_at) VALUES (?, ?, ?, ?, ?, ?)',
      [id, address, user?.id ?? null, user ? 'active' : 'invited', Number(next?.seq ?? 1), now],
    );
    await this.deps.storage.run('UPDATE workspace_groups SET updated_at = ? WHERE id = ?', [now, id]);
    return this.get(workspaceId, id);
  }

  async removeUser(workspaceId: string, id: string, who: RemoveUserInput): Promise<Group | undefined> {
    if (!(await this.row(workspaceId, id))) return undefined;
    const { changes } =
      who.userId !== undefined
        ? await this.deps.storage.run('DELETE FROM workspace_group_members WHERE group_id = ? AND user_id = ?', [id, who.userId])
        : await this.deps.storage.run('DELETE FROM workspace_group_members WHERE group_id = ? AND email = ?', [id, (who.email ?? '').toLowerCase()]);
    if (changes === 0) throw groupMemberNotFound();
    await this.deps.storage.run('UPDATE workspace_groups SET updated_at = ? WHERE id = ?', [this.deps.clock.now(), id]);
    return this.get(workspaceId, id);
  }
}
