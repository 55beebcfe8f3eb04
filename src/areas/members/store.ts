// Workspace members and the rules of their roles: only an owner makes or removes an owner, and
// the last owner stays. Removing a member also drops their groups and grants in that workspace.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { UserStore } from '../users/public.js';
import type { MemberRecord, MemberRole, WorkspaceStore } from '../workspaces/public.js';
import { alreadyMember, lastOwner, memberNotFound, ownersOnly, userNotFound } from './errors.js';
import type { AddMemberInput, UpdateMemberInput } from './schema.js';

interface MemberRow {
  [column: string]: string | number | null;
  workspace_id: string;
  user_id: string;
  role: string;
  permissions: string;
  joined_at: number;
}

/** Who is acting: the caller's role, or a full-access API key (which manages like an admin). */
export type Actor = MemberRole | 'apiKey';

const fromRow = (row: MemberRow): MemberRecord => ({
  workspaceId: row.workspace_id,
  userId: row.user_id,
  role: row.role as MemberRole,
  permissions: parseJson(row.permissions, []),
  joinedAt: Number(row.joined_at),
});

export const memberAnswer = (m: MemberRecord) => ({ userId: m.userId, role: m.role, permissions: m.permissions, joinedAt: toIso(m.joinedAt) });

export class MemberStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly workspaces: WorkspaceStore,
    private readonly users: UserStore,
  ) {}

  /** Members in the order they joined. */
  async list(workspaceId: string): Promise<MemberRecord[]> {
    const rows = await this.deps.storage.all<MemberRow>('SELECT * FROM workspace_members WHERE workspace_id = ? ORDER BY joined_at, user_id', [workspaceId]);
    return rows.map(fromRow);
  }

  async get(workspaceId: string, userId: string): Promise<MemberRecord | undefined> {
    const row = await this.deps.storage.get<MemberRow>('SELECT * FROM workspace_members WHERE workspace_id = ? AND user_id = ?', [workspaceId, userId]);
    return row ? fromRow(row) : undefined;
  }

  async add(workspaceId: string, input: AddMemberInput, actor: Actor): Promise<MemberRecord> {
    const user = input.userId !== undefined ? await this.users.get(input.userId) : await this.users.findByEmail(input.email ?? '');
    if (!user) throw userNotFound();
    if (await this.get(workspaceId, user.id)) throw alreadyMember(user.id);
    if (input.role === 'owner' && actor !== 'owner') throw ownersOnly();
    const member: MemberRecord = { workspaceId, userId: user.id, role: input.role, permissions: input.permissions, joinedAt: this.deps.clock.now() };
    await this.workspaces.insertMember(member);
    return member;
  }

  async update(workspaceId: string, userId: string, patch: UpdateMemberInput, actor: Actor): Promise<MemberRecord> {
    const member = await this.get(workspaceId, userId);
    if (!member) throw memberNotFound();
    const role = patch.role ?? member.role;
    if (role !== member.role && (role === 'owner' || member.role === 'owner')) {
      if (actor !== 'owner') throw ownersOnly();
      if (member.role === 'owner') await this.keepAnOwner(workspaceId, userId);
    }
    await this.deps.storage.run('UPDATE workspace_members SET role = ?, permissions = ? WHERE workspace_id = ? AND user_id = ?', [
      role,
      JSON.stringify(patch.permissions ?? member.permissions),
      workspaceId,
      userId,
    ]);
    return { ...member, role, permissions: patch.permissions ?? member.permissions };
  }

  async remove(workspaceId: string, userId: string, actor: Actor): Promise<void> {
    const member = await this.get(workspaceId, userId);
    if (!member) throw memberNotFound();
    if (member.role === 'owner') {
      if (actor !== 'owner') throw ownersOnly();
      await this.keepAnOwner(workspaceId, userId);
    }
    await this.deps.storage.run('DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?', [workspaceId, userId]);
    await this.deps.storage.run(
      'DELETE FROM workspace_group_members WHERE user_id = ? AND group_id IN (SELECT id FROM workspace_groups WHERE workspace_id = ?)',
      [userId, workspaceId],
    );
    await this.deps.storage.run('DELETE FROM permission_grants WHERE workspace_id = ? AND principal = ?', [workspaceId, `user:${userId}`]);
  }

  /** Before an owner steps down: refuse when they are the last one; hand `ownerId` to the next. */
  private async keepAnOwner(workspaceId: string, leaving: string): Promise<void> {
    const others = (await this.list(workspaceId)).filter((m) => m.role === 'owner' && m.userId !== leaving);
    const next = others[0];
    if (!next) throw lastOwner();
    const ws = await this.workspaces.get(workspaceId);
    if (ws && ws.ownerId === leaving) await this.workspaces.setOwner(workspaceId, next.userId);
  }
}
