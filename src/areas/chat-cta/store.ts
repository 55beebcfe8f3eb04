// A release's chat CTA and its version history (spec section 3, rule 4): each content change
// archives the prior revision and advances `version`. The card itself lives in the release's
// `config.chatCTA`; the write-only Constant Contact token stays there, never in history or answers.
import type { StoreDeps } from '../../core/services.js';
import { parseJson } from '../../core/services.js';
import type { ReleaseRecord, ReleaseStore } from '../releases/public.js';
import { StoredCtaSchema, type CtaCard } from './schema.js';

export type CtaSource = 'user' | 'agent' | 'restore';

export interface CurrentCta {
  card: CtaCard;
  version: number;
  savedAt: number;
  source: CtaSource;
  accessToken: string | null;
}

interface CtaRow {
  [column: string]: string | number | null;
  release_id: string;
  workspace_id: string;
  version: number;
  cta: string;
  source: string;
  saved_at: number;
}

interface VersionRow {
  [column: string]: string | number | null;
  version: number;
  saved_at: number;
  source: string;
  snapshot: string;
}

/** Key-sorted JSON, so two cards with the same content compare equal however they were written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The editable fields with the default `maxPerThread` filled in, as reads and history show them. */
export function cardOut(card: CtaCard): CtaCard & { maxPerThread: number } {
  return { ...card, maxPerThread: card.maxPerThread ?? 1 };
}

function withoutToken(input: CtaCard & { constantContactAccessToken?: string | undefined }): CtaCard {
  const { constantContactAccessToken: _token, ...card } = input;
  return card;
}

export class CtaStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly releases: ReleaseStore,
  ) {}

  private async row(releaseId: string): Promise<CtaRow | undefined> {
    return this.deps.storage.get<CtaRow>('SELECT * FROM chat_ctas WHERE release_id = ?', [releaseId]);
  }

  /**
   * The card in force: the release's own `config.chatCTA` (the releases routes and the CTA routes
   * both write it), with the version the history gives it. A card first seen, or changed through
   * the releases routes, is caught up here: it becomes the next version (source `user`).
   */
  async current(release: ReleaseRecord): Promise<CurrentCta | undefined> {
    const parsed = StoredCtaSchema.safeParse(release.config.chatCTA);
    if (!parsed.success) return undefined;
    const { constantContactAccessToken, ...card } = parsed.data;
    const accessToken = constantContactAccessToken || null;
    const row = await this.row(release.id);
    if (row && canonical(cardOut(parseJson<CtaCard>(row.cta, {} as CtaCard))) === canonical(cardOut(card))) {
      return { card, version: Number(row.version), savedAt: Number(row.saved_at), source: row.source as CtaSource, accessToken };
    }
    if (row) await this.archive(release.id, row);
    const current: CurrentCta = { card, version: row ? Number(row.version) + 1 : 1, savedAt: release.updatedAt, source: 'user', accessToken };
    await this.save(release, current);
    return current;
  }

  /** Writes a card into the release; answers whether its content changed (and so advanced the version). */
  async put(release: ReleaseRecord, input: CtaCard & { constantContactAccessToken?: string | undefined }, source: CtaSource): Promise<{ changed: boolean; current: CurrentCta }> {
    const before = await this.current(release);
    const card = withoutToken(input);
    const token = input.constantContactAccessToken === undefined ? (before?.accessToken ?? null) : input.constantContactAccessToken || null;
    const changed = !before || canonical(cardOut(before.card)) !== canonical(cardOut(card));
    const current: CurrentCta = changed ? { card, version: (before?.version ?? 0) + 1, savedAt: this.deps.clock.now(), source, accessToken: token } : { ...before, accessToken: token };
    if (changed) {
      const row = await this.row(release.id);
      if (row) await this.archive(release.id, row);
      await this.save(release, current);
    }
    if (changed || token !== before?.accessToken) {
      const chatCTA = { ...card, ...(token !== null && { constantContactAccessToken: token }) };
      await this.releases.save({ ...release, config: { ...release.config, chatCTA } });
    }
    return { changed, current };
  }

  private async archive(releaseId: string, row: CtaRow): Promise<void> {
    await this.deps.storage.run('INSERT INTO chat_cta_versions (release_id, version, saved_at, source, snapshot) VALUES (?, ?, ?, ?, ?)', [
      releaseId,
      Number(row.version),
      Number(row.saved_at),
      row.source,
      JSON.stringify(cardOut(parseJson<CtaCard>(row.cta, {} as CtaCard))),
    ]);
  }

  /** The version row: content and stamps only; the token stays in the release's config. */
  private async save(release: ReleaseRecord, cta: CurrentCta): Promise<void> {
    await this.deps.storage.run('DELETE FROM chat_ctas WHERE release_id = ?', [release.id]);
    await this.deps.storage.run(
      'INSERT INTO chat_ctas (release_id, workspace_id, version, cta, source, saved_at) VALUES (?, ?, ?, ?, ?, ?)',
      [release.id, release.workspaceId, cta.version, JSON.stringify(cta.card), cta.source, cta.savedAt],
    );
  }

  /** Archived revisions, newest first. */
  async versions(releaseId: string, limit: number, offset: number) {
    const total = Number((await this.deps.storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM chat_cta_versions WHERE release_id = ?', [releaseId]))?.n ?? 0);
    const rows = await this.deps.storage.all<VersionRow>(
      'SELECT version, saved_at, source, snapshot FROM chat_cta_versions WHERE release_id = ? ORDER BY version DESC LIMIT ? OFFSET ?',
      [releaseId, limit, offset],
    );
    const data = rows.map((r) => ({
      version: Number(r.version),
      savedAt: Number(r.saved_at),
      source: r.source as CtaSource,
      snapshot: parseJson<CtaCard>(r.snapshot, {} as CtaCard),
    }));
    return { data, total };
  }

  async version(releaseId: string, version: number): Promise<CtaCard | undefined> {
    const row = await this.deps.storage.get<VersionRow>('SELECT snapshot FROM chat_cta_versions WHERE release_id = ? AND version = ?', [releaseId, version]);
    return row ? parseJson<CtaCard>(row.snapshot, {} as CtaCard) : undefined;
  }

  async recordSubmission(input: {
    threadId: string;
    releaseId: string;
    version: number;
    email: string;
    name?: string | undefined;
    phone?: string | undefined;
    crmDestination?: string | undefined;
  }): Promise<string> {
    const id = this.deps.ids.objectId();
    await this.deps.storage.run(
      `INSERT INTO chat_cta_submissions (id, thread_id, release_id, cta_version, email, name, phone, crm_destination, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, input.threadId, input.releaseId, input.version, input.email, input.name ?? null, input.phone ?? null, input.crmDestination ?? null, this.deps.clock.now()],
    );
    return id;
  }
}
