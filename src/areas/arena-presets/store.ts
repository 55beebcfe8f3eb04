// Arena presets of a workspace: named sets of variants (release, model, temperature) that an
// arena run can name instead of listing its variants.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { ArenaPreset } from '../../types/qa.js';
import type { CreatePresetInput, PresetVariantInput, UpdatePresetInput } from './schema.js';

interface PresetRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  description: string | null;
  variants: string;
  created_at: number;
  updated_at: number;
}

const out = (row: PresetRow): ArenaPreset => ({
  _id: row.id,
  title: row.title,
  ...(row.description !== null && { description: row.description }),
  workspaceId: row.workspace_id,
  variants: parseJson<PresetVariantInput[]>(row.variants, []),
  createdAt: toIso(Number(row.created_at)),
  updatedAt: toIso(Number(row.updated_at)),
});

export class ArenaPresetStore {
  constructor(private readonly deps: StoreDeps) {}

  private row(workspaceId: string, id: string): Promise<PresetRow | undefined> {
    return this.deps.storage.get<PresetRow>('SELECT * FROM arena_presets WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  async list(workspaceId: string): Promise<ArenaPreset[]> {
    return (await this.deps.storage.all<PresetRow>('SELECT * FROM arena_presets WHERE workspace_id = ? ORDER BY seq', [workspaceId])).map(out);
  }

  async get(workspaceId: string, id: string): Promise<ArenaPreset | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? out(row) : undefined;
  }

  async create(workspaceId: string, input: CreatePresetInput & { id?: string }): Promise<ArenaPreset> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM arena_presets');
    await this.deps.storage.run(
      'INSERT INTO arena_presets (id, seq, workspace_id, title, description, variants, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [id, Number(next?.seq ?? 1), workspaceId, input.title, input.description ?? null, JSON.stringify(input.variants), now, now],
    );
    return (await this.get(workspaceId, id)) as ArenaPreset;
  }

  async update(workspaceId: string, id: string, patch: UpdatePresetInput): Promise<ArenaPreset | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    await this.deps.storage.run('UPDATE arena_presets SET title = ?, description = ?, variants = ?, updated_at = ? WHERE id = ?', [
      patch.title ?? row.title,
      patch.description === undefined ? row.description : patch.description,
      patch.variants === undefined ? row.variants : JSON.stringify(patch.variants),
      this.deps.clock.now(),
      id,
    ]);
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return (await this.deps.storage.run('DELETE FROM arena_presets WHERE workspace_id = ? AND id = ?', [workspaceId, id])).changes > 0;
  }

  /**
   * A workspace clone carries every definition under a new id. Release ids are kept as they are: a
   * clone does not copy releases, so a run naming one answers 404 in the clone until re-pointed.
   */
  async cloneWorkspace(fromWorkspace: string, toWorkspace: string): Promise<void> {
    for (const p of await this.list(fromWorkspace)) {
      await this.create(toWorkspace, { title: p.title, ...(p.description !== undefined && { description: p.description }), variants: p.variants });
    }
  }
}
