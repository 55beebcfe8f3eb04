// Releases: deployable assistant configurations of a workspace. Sign-in flows read them here;
// the releases routes (issue 5) build on the same store.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import { ChatResourceStore } from './chat-resources.js';
import { wireFields } from './wire.js';

export type ReleaseStatus = 'draft' | 'active' | 'archived';
export type AuthMode = 'anonymous' | 'required' | 'optional';

export interface ReleaseInput {
  id?: string;
  name: string;
  status: ReleaseStatus;
  authMode: AuthMode;
  config: Record<string, unknown>;
  theme?: Record<string, unknown>;
  allowedOrigins: string[];
  fallbackAssistants?: Record<string, unknown>[];
  mcpConfig?: Record<string, unknown>;
  /** The document-style fields of real clients that have no spec-typed twin (the `extra` column). */
  doc?: ReleaseDoc;
  createdBy?: string;
}

/** Kept as given: slug, description, promptModeration, publicResponseCache, themeOverride; and when it was deprecated. */
export interface ReleaseDoc {
  slug?: string;
  description?: string;
  promptModeration?: Record<string, unknown>;
  publicResponseCache?: { enabled: boolean };
  themeOverride?: Record<string, unknown>;
  /** Epoch ms of `POST …/deprecate`; a deprecated release leaves every listing and the public bootstrap. */
  deprecatedAt?: number;
  /** The workspace chat resources it points at (real wire `{id}`; see chat-resources.ts and chat-refs.ts). */
  conversationStarter?: { id: string };
  chatWelcomeMessage?: { id: string };
  threadPrefix?: { id: string };
  msgPrefix?: { id: string };
}

export interface ReleaseRecord extends ReleaseInput {
  id: string;
  workspaceId: string;
  createdAt: number;
  updatedAt: number;
}

interface ReleaseRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  name: string;
  status: string;
  auth_mode: string;
  config: string;
  theme: string | null;
  allowed_origins: string;
  fallback_assistants: string | null;
  mcp_config: string | null;
  extra: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

function fromRow(row: ReleaseRow): ReleaseRecord {
  const release: ReleaseRecord = {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    status: row.status as ReleaseStatus,
    authMode: row.auth_mode as AuthMode,
    config: parseJson(row.config, {}),
    allowedOrigins: parseJson(row.allowed_origins, []),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.theme !== null) release.theme = parseJson(row.theme, {});
  if (row.fallback_assistants !== null) release.fallbackAssistants = parseJson(row.fallback_assistants, []);
  if (row.mcp_config !== null) release.mcpConfig = parseJson(row.mcp_config, {});
  if (row.created_by !== null) release.createdBy = row.created_by;
  const doc = parseJson<ReleaseDoc>(row.extra, {});
  if (Object.keys(doc).length > 0) release.doc = doc;
  return release;
}

/** The chat CTA's `constantContactAccessToken` is write-only: no read ever shows it (spec section 2). */
function readableConfig(config: Record<string, unknown>): Record<string, unknown> {
  const cta = config.chatCTA;
  if (cta === null || typeof cta !== 'object' || !('constantContactAccessToken' in cta)) return config;
  const { constantContactAccessToken: _secret, ...rest } = cta as Record<string, unknown>;
  return { ...config, chatCTA: rest };
}

/** The spec's `Release` shape, with ISO stamps in `metadata`, and the real clients' document fields beside it. */
export function releaseOut(release: ReleaseRecord) {
  return {
    ...wireFields(release),
    id: release.id,
    name: release.name,
    status: release.status,
    workspaceId: release.workspaceId,
    authMode: release.authMode,
    config: readableConfig(release.config),
    ...(release.theme && { theme: release.theme }),
    allowedOrigins: release.allowedOrigins,
    ...(release.fallbackAssistants && { fallbackAssistants: release.fallbackAssistants }),
    ...(release.mcpConfig && { mcpConfig: release.mcpConfig }),
    metadata: {
      createdAt: toIso(release.createdAt),
      updatedAt: toIso(release.updatedAt),
      ...(release.createdBy && { createdBy: release.createdBy }),
    },
  };
}

export class ReleaseStore {
  /** The chat resources releases point at (starters, welcome messages, message prefixes). */
  readonly chatResources: ChatResourceStore;

  constructor(private readonly deps: StoreDeps) {
    this.chatResources = new ChatResourceStore(deps);
  }

  async insert(workspaceId: string, input: ReleaseInput): Promise<string> {
    const id = input.id ?? this.deps.ids.objectId();
    const now = this.deps.clock.now();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM releases');
    await this.deps.storage.run(
      `INSERT INTO releases (id, seq, workspace_id, name, status, auth_mode, config, theme, allowed_origins, fallback_assistants,
         mcp_config, extra, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        workspaceId,
        input.name,
        input.status,
        input.authMode,
        JSON.stringify(input.config),
        input.theme ? JSON.stringify(input.theme) : null,
        JSON.stringify(input.allowedOrigins),
        input.fallbackAssistants ? JSON.stringify(input.fallbackAssistants) : null,
        input.mcpConfig ? JSON.stringify(input.mcpConfig) : null,
        JSON.stringify(input.doc ?? {}),
        input.createdBy ?? null,
        now,
        now,
      ],
    );
    return id;
  }

  /** A release by id, in any workspace (public routes), or only in `workspaceId` when given. */
  async get(id: string, workspaceId?: string): Promise<ReleaseRecord | undefined> {
    const row =
      workspaceId === undefined
        ? await this.deps.storage.get<ReleaseRow>('SELECT * FROM releases WHERE id = ?', [id])
        : await this.deps.storage.get<ReleaseRow>('SELECT * FROM releases WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return row ? fromRow(row) : undefined;
  }

  /** A workspace's releases in creation order, optionally of one status; deprecated ones are never listed. */
  async list(workspaceId: string, status?: ReleaseStatus): Promise<ReleaseRecord[]> {
    const rows =
      status === undefined
        ? await this.deps.storage.all<ReleaseRow>('SELECT * FROM releases WHERE workspace_id = ? ORDER BY seq', [workspaceId])
        : await this.deps.storage.all<ReleaseRow>('SELECT * FROM releases WHERE workspace_id = ? AND status = ? ORDER BY seq', [workspaceId, status]);
    return rows.map(fromRow).filter((r) => r.doc?.deprecatedAt === undefined);
  }

  async count(workspaceId: string): Promise<number> {
    const row = await this.deps.storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM releases WHERE workspace_id = ?', [workspaceId]);
    return Number(row?.n ?? 0);
  }

  /** Writes every field of `release` back (the caller merged its changes in) and stamps it. */
  async save(release: ReleaseRecord): Promise<ReleaseRecord> {
    const now = this.deps.clock.now();
    await this.deps.storage.run(
      `UPDATE releases SET name = ?, status = ?, auth_mode = ?, config = ?, theme = ?, allowed_origins = ?, fallback_assistants = ?,
         mcp_config = ?, extra = ?, updated_at = ? WHERE id = ?`,
      [
        release.name,
        release.status,
        release.authMode,
        JSON.stringify(release.config),
        release.theme ? JSON.stringify(release.theme) : null,
        JSON.stringify(release.allowedOrigins),
        release.fallbackAssistants ? JSON.stringify(release.fallbackAssistants) : null,
        release.mcpConfig ? JSON.stringify(release.mcpConfig) : null,
        JSON.stringify(release.doc ?? {}),
        now,
        release.id,
      ],
    );
    return { ...release, updatedAt: now };
  }

  /** Archives a release and stamps its deprecation (the listings skip it from then on). */
  async deprecate(release: ReleaseRecord): Promise<ReleaseRecord> {
    return this.save({ ...release, status: 'archived', doc: { ...(release.doc ?? {}), deprecatedAt: this.deps.clock.now() } });
  }

  async delete(id: string, workspaceId: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM releases WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return changes > 0;
  }
}
