// Style patterns of a workspace: named style rules a release can apply. Recorded and listed per
// release; the reply generator does not restyle replies with them (docs/qa-and-arena.md).
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { StylePattern } from '../../types/qa.js';
import type { CreatePatternInput, UpdatePatternInput } from './schema.js';

interface PatternRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  description: string | null;
  rules: string;
  release_ids: string;
  created_at: number;
  updated_at: number;
}

const out = (row: PatternRow): StylePattern => ({
  _id: row.id,
  title: row.title,
  ...(row.description !== null && { description: row.description }),
  workspaceId: row.workspace_id,
  rules: parseJson<string[]>(row.rules, []),
  releaseIds: parseJson<string[]>(row.release_ids, []),
  createdAt: toIso(Number(row.created_at)),
  updatedAt: toIso(Number(row.updated_at)),
});

export class StylePatternStore {
  constructor(private readonly deps: StoreDeps) {}

  private row(workspaceId: string, id: string): Promise<PatternRow | undefined> {
    return this.deps.storage.get<PatternRow>('SELECT * FROM style_patterns WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  /** The workspace's patterns, oldest first; with `releaseId`, those applied to that release. */
  async list(workspaceId: string, releaseId?: string): Promise<StylePattern[]> {
    const rows = await this.deps.storage.all<PatternRow>('SELECT * FROM style_patterns WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map(out).filter((p) => releaseId === undefined || p.releaseIds.includes(releaseId));
  }

  async get(workspaceId: string, id: string): Promise<StylePattern | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? out(row) : undefined;
  }

  async create(workspaceId: string, input: CreatePatternInput & { id?: string }): Promise<StylePattern> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM style_patterns');
    await this.deps.storage.run(
      'INSERT INTO style_patterns (id, seq, workspace_id, title, description, rules, release_ids, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [id, Number(next?.seq ?? 1), workspaceId, input.title, input.description ?? null, JSON.stringify(input.rules), JSON.stringify(input.releaseIds ?? []), now, now],
    );
    return (await this.get(workspaceId, id)) as StylePattern;
  }

  async update(workspaceId: string, id: string, patch: UpdatePatternInput): Promise<StylePattern | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    await this.deps.storage.run('UPDATE style_patterns SET title = ?, description = ?, rules = ?, release_ids = ?, updated_at = ? WHERE id = ?', [
      patch.title ?? row.title,
      patch.description === undefined ? row.description : patch.description,
      patch.rules === undefined ? row.rules : JSON.stringify(patch.rules),
      patch.releaseIds === undefined ? row.release_ids : JSON.stringify(patch.releaseIds),
      this.deps.clock.now(),
      id,
    ]);
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return (await this.deps.storage.run('DELETE FROM style_patterns WHERE workspace_id = ? AND id = ?', [workspaceId, id])).changes > 0;
  }

  /**
   * A workspace clone carries every definition under a new id. Release ids are kept as they are: a
   * clone does not copy releases, so a run naming one answers 404 in the clone until re-pointed.
   */
  async cloneWorkspace(fromWorkspace: string, toWorkspace: string): Promise<void> {
    for (const p of await this.list(fromWorkspace)) {
      await this.create(toWorkspace, { title: p.title, ...(p.description !== undefined && { description: p.description }), rules: p.rules, releaseIds: p.releaseIds });
    }
  }
}
