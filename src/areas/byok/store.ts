// Provider credentials of a workspace. The key itself is kept only as a hash plus its last four
// characters, so no read, list, export or state dump can reveal it.
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import { hashSecret } from '../../security/hash.js';
import { KEY_HINT_CHARS, type ByokCredential, type CreateByokInput } from './schema.js';

interface ByokRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  provider: string;
  name: string | null;
  key_hint: string;
  status: string;
  created_at: number;
  updated_at: number;
  rotated_at: number | null;
}

/** Columns a read may select: never key_hash. */
const PUBLIC_COLUMNS = 'id, workspace_id, provider, name, key_hint, status, created_at, updated_at, rotated_at';

function answer(row: ByokRow): ByokCredential {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    provider: row.provider as ByokCredential['provider'],
    ...(row.name !== null && { name: row.name }),
    keyHint: row.key_hint,
    status: 'active',
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
    ...(row.rotated_at !== null && { rotatedAt: toIso(Number(row.rotated_at)) }),
  };
}

const hint = (key: string) => key.slice(-KEY_HINT_CHARS);

export class ByokStore {
  constructor(private readonly deps: StoreDeps) {}

  async list(workspaceId: string): Promise<ByokCredential[]> {
    const rows = await this.deps.storage.all<ByokRow>(`SELECT ${PUBLIC_COLUMNS} FROM byok_credentials WHERE workspace_id = ? ORDER BY seq`, [workspaceId]);
    return rows.map(answer);
  }

  async get(workspaceId: string, id: string): Promise<ByokCredential | undefined> {
    const row = await this.deps.storage.get<ByokRow>(`SELECT ${PUBLIC_COLUMNS} FROM byok_credentials WHERE workspace_id = ? AND id = ?`, [workspaceId, id]);
    return row ? answer(row) : undefined;
  }

  async create(workspaceId: string, input: CreateByokInput & { id?: string }): Promise<ByokCredential> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM byok_credentials');
    await this.deps.storage.run(
      `INSERT INTO byok_credentials (id, seq, workspace_id, provider, name, key_hash, key_hint, status, created_at, updated_at, rotated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, NULL)`,
      [id, Number(next?.seq ?? 1), workspaceId, input.provider, input.name ?? null, hashSecret(input.key), hint(input.key), now, now],
    );
    return (await this.get(workspaceId, id)) as ByokCredential;
  }

  async rotate(workspaceId: string, id: string, key: string): Promise<ByokCredential | undefined> {
    const now = this.deps.clock.now();
    const { changes } = await this.deps.storage.run(
      'UPDATE byok_credentials SET key_hash = ?, key_hint = ?, updated_at = ?, rotated_at = ? WHERE workspace_id = ? AND id = ?',
      [hashSecret(key), hint(key), now, now, workspaceId, id],
    );
    return changes === 0 ? undefined : this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM byok_credentials WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return changes > 0;
  }
}
