// Terms of service: one current document per release, its published versions, and who accepted
// which version. `gate` is what every end-user call (chat sends included) checks first.
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import type { TermsGate } from '../../types/terms.js';

export type { TermsGate } from '../../types/terms.js';

export interface TermsRecord {
  id: string;
  workspaceId: string;
  releaseId: string | null;
  title: string;
  /** The draft: what the next publish makes the new version. */
  content: string;
  /** Null until the first publish, which makes it 1; every publish adds exactly 1. */
  publishedVersion: number | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TermsVersion {
  version: number;
  title: string;
  content: string;
  publishedAt: number;
}

interface TermsRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  release_id: string | null;
  title: string;
  content: string;
  published_version: number | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

interface VersionRow {
  [column: string]: string | number | null;
  version: number;
  title: string;
  content: string;
  published_at: number;
}

function fromRow(row: TermsRow): TermsRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    releaseId: row.release_id,
    title: row.title,
    content: row.content,
    publishedVersion: row.published_version === null ? null : Number(row.published_version),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const versionOut = (row: VersionRow): TermsVersion => ({
  version: Number(row.version),
  title: row.title,
  content: row.content,
  publishedAt: Number(row.published_at),
});

/** The emulator-defined answer of the terms management routes. */
export function termsOut(terms: TermsRecord, versions: TermsVersion[]) {
  const current = versions.find((v) => v.version === terms.publishedVersion);
  return {
    id: terms.id,
    workspaceId: terms.workspaceId,
    releaseId: terms.releaseId,
    title: terms.title,
    content: terms.content,
    publishedVersion: terms.publishedVersion,
    publishedAt: current ? toIso(current.publishedAt) : null,
    /** True when the draft differs from the published version (or nothing is published yet). */
    hasUnpublishedChanges: !current || current.title !== terms.title || current.content !== terms.content,
    versions: versions.map((v) => ({ version: v.version, title: v.title, publishedAt: toIso(v.publishedAt) })),
    metadata: {
      createdAt: toIso(terms.createdAt),
      updatedAt: toIso(terms.updatedAt),
      ...(terms.createdBy !== null && { createdBy: terms.createdBy }),
    },
  };
}

export interface TermsInput {
  id?: string;
  releaseId?: string | null;
  title: string;
  content?: string;
  createdBy?: string;
}

export class TermsStore {
  constructor(private readonly deps: StoreDeps) {}

  /**
   * The terms gate of `releaseId` for the usage subject (`EndUserPrincipal.subject`): required
   * while the release has published terms that the subject has not accepted at the current
   * version. A release without published terms answers `{ required: false }`.
   */
  async gate(releaseId: string, subject: string): Promise<TermsGate> {
    const terms = await this.forRelease(releaseId);
    if (!terms || terms.publishedVersion === null) return { required: false };
    const version = await this.version(terms.id, terms.publishedVersion);
    if (!version) return { required: false };
    const accepted = await this.hasAccepted(terms.id, version.version, subject);
    return { required: !accepted, tosId: terms.id, version: version.version, title: version.title, content: version.content };
  }

  /** The current terms document of a release, published or not. */
  async forRelease(releaseId: string): Promise<TermsRecord | undefined> {
    const row = await this.deps.storage.get<TermsRow>('SELECT * FROM terms WHERE release_id = ? ORDER BY seq LIMIT 1', [releaseId]);
    return row ? fromRow(row) : undefined;
  }

  /** A terms document by id, in any workspace, or only in `workspaceId` when given. */
  async get(id: string, workspaceId?: string): Promise<TermsRecord | undefined> {
    const row =
      workspaceId === undefined
        ? await this.deps.storage.get<TermsRow>('SELECT * FROM terms WHERE id = ?', [id])
        : await this.deps.storage.get<TermsRow>('SELECT * FROM terms WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return row ? fromRow(row) : undefined;
  }

  async list(workspaceId: string, releaseId?: string): Promise<TermsRecord[]> {
    const rows =
      releaseId === undefined
        ? await this.deps.storage.all<TermsRow>('SELECT * FROM terms WHERE workspace_id = ? ORDER BY seq', [workspaceId])
        : await this.deps.storage.all<TermsRow>('SELECT * FROM terms WHERE workspace_id = ? AND release_id = ? ORDER BY seq', [workspaceId, releaseId]);
    return rows.map(fromRow);
  }

  async versions(tosId: string): Promise<TermsVersion[]> {
    const rows = await this.deps.storage.all<VersionRow>('SELECT * FROM terms_versions WHERE tos_id = ? ORDER BY version', [tosId]);
    return rows.map(versionOut);
  }

  async version(tosId: string, version: number): Promise<TermsVersion | undefined> {
    const row = await this.deps.storage.get<VersionRow>('SELECT * FROM terms_versions WHERE tos_id = ? AND version = ?', [tosId, version]);
    return row ? versionOut(row) : undefined;
  }

  async insert(workspaceId: string, input: TermsInput): Promise<string> {
    const id = input.id ?? this.deps.ids.objectId();
    const now = this.deps.clock.now();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM terms');
    await this.deps.storage.run(
      `INSERT INTO terms (id, seq, workspace_id, release_id, title, content, published_version, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
      [id, Number(next?.seq ?? 1), workspaceId, input.releaseId ?? null, input.title, input.content ?? '', input.createdBy ?? null, now, now],
    );
    return id;
  }

  async update(id: string, patch: { title?: string; content?: string; releaseId?: string | null }): Promise<void> {
    const current = await this.get(id);
    if (!current) return;
    await this.deps.storage.run('UPDATE terms SET title = ?, content = ?, release_id = ?, updated_at = ? WHERE id = ?', [
      patch.title ?? current.title,
      patch.content ?? current.content,
      patch.releaseId === undefined ? current.releaseId : patch.releaseId,
      this.deps.clock.now(),
      id,
    ]);
  }

  /** Makes the draft the next version (1 on the first publish) and answers that version. */
  async publish(id: string): Promise<number> {
    const current = await this.get(id);
    if (!current) throw new Error(`terms ${id} vanished`);
    const version = (current.publishedVersion ?? 0) + 1;
    await this.addVersion(id, { version, title: current.title, content: current.content, publishedAt: this.deps.clock.now() });
    return version;
  }

  /** Stores a published version and makes it current (publish, and scenario loading). */
  async addVersion(id: string, version: TermsVersion): Promise<void> {
    await this.deps.storage.run('INSERT INTO terms_versions (tos_id, version, title, content, published_at) VALUES (?, ?, ?, ?, ?)', [
      id,
      version.version,
      version.title,
      version.content,
      version.publishedAt,
    ]);
    await this.deps.storage.run('UPDATE terms SET published_version = ?, updated_at = ? WHERE id = ?', [version.version, this.deps.clock.now(), id]);
  }

  async hasAccepted(tosId: string, version: number, subject: string): Promise<boolean> {
    const row = await this.deps.storage.get('SELECT 1 AS one FROM terms_acceptances WHERE tos_id = ? AND version = ? AND subject = ?', [tosId, version, subject]);
    return row !== undefined;
  }

  /** Records an acceptance (idempotent) and answers when the subject first accepted this version. */
  async accept(tosId: string, version: number, subject: string, at = this.deps.clock.now()): Promise<number> {
    const existing = await this.deps.storage.get<{ accepted_at: number }>(
      'SELECT accepted_at FROM terms_acceptances WHERE tos_id = ? AND version = ? AND subject = ?',
      [tosId, version, subject],
    );
    if (existing) return Number(existing.accepted_at);
    await this.deps.storage.run('INSERT INTO terms_acceptances (tos_id, version, subject, accepted_at) VALUES (?, ?, ?, ?)', [tosId, version, subject, at]);
    return at;
  }
}
