// Permission grants of a workspace: one role per resource and principal. A resource or principal
// of another workspace does not exist here (404), as everywhere else.
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import { grantNotFound, principalNotFound, resourceNotFound } from './errors.js';
import type { GrantInput, PermissionGrant, RevokeInput } from './schema.js';

interface GrantRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  resource: string;
  principal: string;
  role: string;
  created_at: number;
}

const answer = (row: GrantRow): PermissionGrant => ({
  id: row.id,
  resource: row.resource,
  principal: row.principal,
  role: row.role as PermissionGrant['role'],
  createdAt: toIso(Number(row.created_at)),
});

/** Where each kind of resource lives, to check it belongs to the calling workspace. */
const RESOURCE_TABLES = { release: 'releases', rag: 'rag_targets', transcript: 'transcripts' } as const;

function split(ref: string): [string, string] {
  const at = ref.indexOf(':');
  return [ref.slice(0, at), ref.slice(at + 1)];
}

export class PermissionStore {
  constructor(private readonly deps: StoreDeps) {}

  async list(workspaceId: string, filter: { resource?: string; principal?: string } = {}): Promise<PermissionGrant[]> {
    let sql = 'SELECT * FROM permission_grants WHERE workspace_id = ?';
    const params: string[] = [workspaceId];
    if (filter.resource !== undefined) {
      sql += ' AND resource = ?';
      params.push(filter.resource);
    }
    if (filter.principal !== undefined) {
      sql += ' AND principal = ?';
      params.push(filter.principal);
    }
    const rows = await this.deps.storage.all<GrantRow>(`${sql} ORDER BY seq`, params);
    return rows.map(answer);
  }

  /** Grants reaching any of these principals, in the order they were made. */
  async forPrincipals(workspaceId: string, principals: string[]): Promise<PermissionGrant[]> {
    if (principals.length === 0) return [];
    const rows = await this.deps.storage.all<GrantRow>(
      `SELECT * FROM permission_grants WHERE workspace_id = ? AND principal IN (${principals.map(() => '?').join(', ')}) ORDER BY seq`,
      [workspaceId, ...principals],
    );
    return rows.map(answer);
  }

  private async checkResource(workspaceId: string, resource: string): Promise<void> {
    const [kind, id] = split(resource);
    if (kind === 'workspace') {
      if (id !== workspaceId) throw resourceNotFound(kind);
      return;
    }
    const table = RESOURCE_TABLES[kind as keyof typeof RESOURCE_TABLES];
    const row = await this.deps.storage.get(`SELECT id FROM ${table} WHERE id = ? AND workspace_id = ?`, [id, workspaceId]);
    if (!row) throw resourceNotFound(kind);
  }

  private async checkPrincipal(workspaceId: string, principal: string): Promise<void> {
    const [kind, id] = split(principal);
    const row =
      kind === 'user'
        ? await this.deps.storage.get('SELECT id FROM users WHERE id = ?', [id])
        : await this.deps.storage.get('SELECT id FROM workspace_groups WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    if (!row) throw principalNotFound(kind === 'user' ? 'user' : 'group');
  }

  /** Grants a role; an existing grant of the same resource and principal takes the new role. */
  async grant(workspaceId: string, input: GrantInput & { id?: string }): Promise<{ grant: PermissionGrant; created: boolean }> {
    await this.checkResource(workspaceId, input.resource);
    await this.checkPrincipal(workspaceId, input.principal);
    const existing = await this.deps.storage.get<GrantRow>('SELECT * FROM permission_grants WHERE workspace_id = ? AND resource = ? AND principal = ?', [
      workspaceId,
      input.resource,
      input.principal,
    ]);
    if (existing) {
      await this.deps.storage.run('UPDATE permission_grants SET role = ? WHERE id = ?', [input.role, existing.id]);
      return { grant: answer({ ...existing, role: input.role }), created: false };
    }
    const id = input.id ?? this.deps.ids.objectId();
    const now = this.deps.clock.now();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM permission_grants');
    const row: GrantRow = { id, workspace_id: workspaceId, resource: input.resource, principal: input.principal, role: input.role, created_at: now };
    await this.deps.storage.run('INSERT INTO permission_grants (id, seq, workspace_id, resource, principal, role, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      id,
      Number(next?.seq ?? 1),
      workspaceId,
      input.resource,
      input.principal,
      input.role,
      now,
    ]);
    return { grant: answer(row), created: true };
  }

  /** Removes a grant by id, or by resource and principal; answers what was removed. */
  async revoke(workspaceId: string, which: RevokeInput): Promise<PermissionGrant> {
    const row =
      which.id !== undefined
        ? await this.deps.storage.get<GrantRow>('SELECT * FROM permission_grants WHERE workspace_id = ? AND id = ?', [workspaceId, which.id])
        : await this.deps.storage.get<GrantRow>('SELECT * FROM permission_grants WHERE workspace_id = ? AND resource = ? AND principal = ?', [
            workspaceId,
            which.resource ?? '',
            which.principal ?? '',
          ]);
    if (!row) throw grantNotFound();
    await this.deps.storage.run('DELETE FROM permission_grants WHERE id = ?', [row.id]);
    return answer(row);
  }
}
