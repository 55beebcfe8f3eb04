// Thread prefixes as versioned documents: create publishes version 1, edits change a draft, publish
// makes the draft the next version, restore republishes an old one as the next version; an edit
// based on a stale version answers 409 (the terms convention, spec: "thread prefixes follow the same").
import { parseJson, toIso, type StoreDeps } from '../../core/services.js';
import type { ThreadPrefix, ThreadPrefixVersion } from '../../types/threads.js';
import { prefixVersionNotFound, stalePrefixVersion } from './errors.js';

interface PrefixRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  draft: string;
  version: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

interface VersionRow {
  [column: string]: string | number | null;
  version: number;
  lines: string;
  published_by: string | null;
  restored_from: number | null;
  published_at: number;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

export interface NewPrefix {
  id?: string;
  title?: string;
  prefix: string[];
  createdBy: string | null;
  /** Scenario placement: earlier versions, oldest first (the last is current), and a pending draft. */
  history?: string[][];
  draft?: string[];
}

export class ThreadPrefixStore {
  constructor(private readonly deps: StoreDeps) {}

  private row(workspaceId: string, id: string) {
    return this.deps.storage.get<PrefixRow>('SELECT * FROM thread_prefixes WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  private async current(row: PrefixRow): Promise<VersionRow> {
    return (await this.deps.storage.get<VersionRow>('SELECT * FROM thread_prefix_versions WHERE prefix_id = ? AND version = ?', [row.id, Number(row.version)])) as VersionRow;
  }

  private async out(row: PrefixRow): Promise<ThreadPrefix> {
    const current = await this.current(row);
    const prefix = parseJson<string[]>(current.lines, []);
    const draft = parseJson<string[]>(row.draft, []);
    return {
      _id: row.id,
      id: row.id,
      workspaceId: row.workspace_id,
      kind: 'thread',
      title: row.title,
      prefix,
      version: Number(row.version),
      draft,
      hasUnpublishedChanges: !same(prefix, draft),
      publishedAt: toIso(Number(current.published_at)),
      createdAt: toIso(Number(row.created_at)),
      updatedAt: toIso(Number(row.updated_at)),
    };
  }

  async get(workspaceId: string, id: string): Promise<ThreadPrefix | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? this.out(row) : undefined;
  }

  async list(workspaceId: string): Promise<ThreadPrefix[]> {
    const rows = await this.deps.storage.all<PrefixRow>('SELECT * FROM thread_prefixes WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    const out: ThreadPrefix[] = [];
    for (const row of rows) out.push(await this.out(row));
    return out;
  }

  private async addVersion(row: { id: string; workspace_id: string }, version: number, lines: string[], by: string | null, restoredFrom: number | null, at: number) {
    await this.deps.storage.run(
      'INSERT INTO thread_prefix_versions (prefix_id, workspace_id, version, lines, published_by, restored_from, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [row.id, row.workspace_id, version, JSON.stringify(lines), by, restoredFrom, at],
    );
  }

  async create(workspaceId: string, input: NewPrefix): Promise<ThreadPrefix> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const versions = [...(input.history ?? []), input.prefix];
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM thread_prefixes');
    await this.deps.storage.run(
      'INSERT INTO thread_prefixes (id, seq, workspace_id, title, draft, version, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [id, Number(next?.seq ?? 1), workspaceId, input.title ?? 'Thread prefix', JSON.stringify(input.draft ?? input.prefix), versions.length, input.createdBy, now, now],
    );
    for (const [i, lines] of versions.entries()) await this.addVersion({ id, workspace_id: workspaceId }, i + 1, lines, input.createdBy, null, now);
    return (await this.get(workspaceId, id)) as ThreadPrefix;
  }

  private guard(row: PrefixRow, baseVersion: number | undefined) {
    if (baseVersion !== undefined && baseVersion !== Number(row.version)) throw stalePrefixVersion(row.id, baseVersion, Number(row.version));
  }

  /** Changes the title at once and the lines as a draft (published by `publish`). */
  async update(workspaceId: string, id: string, change: { title?: string | undefined; prefix?: string[] | undefined; baseVersion?: number | undefined }) {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    this.guard(row, change.baseVersion);
    await this.deps.storage.run('UPDATE thread_prefixes SET title = ?, draft = ?, updated_at = ? WHERE id = ?', [
      change.title ?? row.title,
      change.prefix ? JSON.stringify(change.prefix) : row.draft,
      this.deps.clock.now(),
      id,
    ]);
    return this.get(workspaceId, id);
  }

  /** The draft becomes the next version (every publish adds exactly 1, as terms do). */
  async publish(workspaceId: string, id: string, by: string | null, baseVersion?: number) {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    this.guard(row, baseVersion);
    return this.bump(row, parseJson<string[]>(row.draft, []), by, null);
  }

  /** An older version's lines become the next version (history is never rewritten). */
  async restore(workspaceId: string, id: string, version: number, by: string | null, baseVersion?: number) {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    this.guard(row, baseVersion);
    const old = await this.deps.storage.get<VersionRow>('SELECT * FROM thread_prefix_versions WHERE prefix_id = ? AND version = ?', [id, version]);
    if (!old) throw prefixVersionNotFound(version);
    return this.bump(row, parseJson<string[]>(old.lines, []), by, version);
  }

  private async bump(row: PrefixRow, lines: string[], by: string | null, restoredFrom: number | null) {
    const now = this.deps.clock.now();
    const version = Number(row.version) + 1;
    await this.addVersion(row, version, lines, by, restoredFrom, now);
    await this.deps.storage.run('UPDATE thread_prefixes SET version = ?, draft = ?, updated_at = ? WHERE id = ?', [version, JSON.stringify(lines), now, row.id]);
    return this.get(row.workspace_id, row.id);
  }

  /** Every published version, newest first. */
  async versions(workspaceId: string, id: string): Promise<ThreadPrefixVersion[] | undefined> {
    if (!(await this.row(workspaceId, id))) return undefined;
    const rows = await this.deps.storage.all<VersionRow>('SELECT * FROM thread_prefix_versions WHERE prefix_id = ? ORDER BY version DESC', [id]);
    return rows.map((v) => ({
      version: Number(v.version),
      prefix: parseJson<string[]>(v.lines, []),
      publishedAt: toIso(Number(v.published_at)),
      publishedBy: v.published_by,
      ...(v.restored_from !== null && { restoredFrom: Number(v.restored_from) }),
    }));
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    if (!(await this.row(workspaceId, id))) return false;
    await this.deps.storage.run('DELETE FROM thread_prefix_versions WHERE prefix_id = ?', [id]);
    await this.deps.storage.run('DELETE FROM thread_prefixes WHERE id = ?', [id]);
    return true;
  }
}
