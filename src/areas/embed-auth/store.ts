// External users of an API key (ApiKeyUser) and their embed sessions: refresh tokens stored as
// hashes, 7-day lifetimes on the emulator clock, retired on rotation.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import { hashSecret } from '../../security/hash.js';

export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

export interface ApiKeyUserInput {
  externalUserId: string;
  email?: string;
  name?: string;
  nickname?: string;
  picture?: string;
  membershipTier: string;
  metadata?: Record<string, unknown>;
}

export interface ApiKeyUserRecord extends ApiKeyUserInput {
  id: string;
  apiKeyId: string;
  workspaceId: string;
  lastUsedAt?: number;
  createdAt: number;
}

export interface SessionRecord {
  id: string;
  apiKeyId: string;
  workspaceId: string;
  apiKeyUserId: string;
  expiresAt: number;
  retiredAt?: number;
  revokedAt?: number;
  createdAt: number;
}

type Row = Record<string, string | number | null>;

function userFromRow(row: Row): ApiKeyUserRecord {
  const user: ApiKeyUserRecord = {
    id: String(row.id),
    apiKeyId: String(row.api_key_id),
    workspaceId: String(row.workspace_id),
    externalUserId: String(row.external_user_id),
    membershipTier: String(row.membership_tier),
    metadata: parseJson(row.metadata, {}),
    createdAt: Number(row.created_at),
  };
  for (const [column, field] of [['email', 'email'], ['name', 'name'], ['nickname', 'nickname'], ['picture', 'picture']] as const) {
    if (row[column] !== null && row[column] !== undefined) user[field] = String(row[column]);
  }
  if (row.last_used_at !== null) user.lastUsedAt = Number(row.last_used_at);
  return user;
}

/** The spec's `ApiKeyUser`. */
export function apiKeyUserOut(user: ApiKeyUserRecord) {
  return {
    id: user.id,
    apiKeyId: user.apiKeyId,
    externalUserId: user.externalUserId,
    ...(user.email !== undefined && { email: user.email }),
    ...(user.nickname !== undefined && { nickname: user.nickname }),
    ...(user.picture !== undefined && { picture: user.picture }),
    membershipTier: user.membershipTier,
    ...(user.lastUsedAt !== undefined && { lastUsedAt: toIso(user.lastUsedAt) }),
    createdAt: toIso(user.createdAt),
  };
}

export class EmbedAuthStore {
  constructor(private readonly deps: StoreDeps) {}

  /** Creates or updates the external user of a key; the tier given at login is stored with it. */
  async upsertUser(apiKeyId: string, workspaceId: string, input: ApiKeyUserInput): Promise<ApiKeyUserRecord> {
    const { storage, clock, ids } = this.deps;
    const existing = await storage.get('SELECT * FROM api_key_users WHERE api_key_id = ? AND external_user_id = ?', [apiKeyId, input.externalUserId]);
    const now = clock.now();
    if (existing) {
      await storage.run(
        `UPDATE api_key_users SET email = COALESCE(?, email), name = COALESCE(?, name), nickname = COALESCE(?, nickname),
           picture = COALESCE(?, picture), membership_tier = ?, metadata = ?, last_used_at = ? WHERE id = ?`,
        [
          input.email ?? null,
          input.name ?? null,
          input.nickname ?? null,
          input.picture ?? null,
          input.membershipTier,
          JSON.stringify({ ...parseJson(existing.metadata, {}), ...(input.metadata ?? {}) }),
          now,
          String(existing.id),
        ],
      );
    } else {
      await storage.run(
        `INSERT INTO api_key_users (id, api_key_id, workspace_id, external_user_id, email, name, nickname, picture,
           membership_tier, metadata, last_used_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          ids.objectId(),
          apiKeyId,
          workspaceId,
          input.externalUserId,
          input.email ?? null,
          input.name ?? null,
          input.nickname ?? null,
          input.picture ?? null,
          input.membershipTier,
          JSON.stringify(input.metadata ?? {}),
          now,
          now,
        ],
      );
    }
    return (await this.user(apiKeyId, input.externalUserId)) as ApiKeyUserRecord;
  }

  async user(apiKeyId: string, externalUserId: string): Promise<ApiKeyUserRecord | undefined> {
    const row = await this.deps.storage.get('SELECT * FROM api_key_users WHERE api_key_id = ? AND external_user_id = ?', [apiKeyId, externalUserId]);
    return row ? userFromRow(row) : undefined;
  }

  async userById(id: string): Promise<ApiKeyUserRecord | undefined> {
    const row = await this.deps.storage.get('SELECT * FROM api_key_users WHERE id = ?', [id]);
    return row ? userFromRow(row) : undefined;
  }

  /** Opens a session and returns its refresh token (shown once; only its hash is kept). */
  async openSession(user: ApiKeyUserRecord): Promise<{ token: string; session: SessionRecord }> {
    const { storage, clock, ids } = this.deps;
    const token = ids.token('rt', 64);
    const now = clock.now();
    const session: SessionRecord = {
      id: ids.objectId(),
      apiKeyId: user.apiKeyId,
      workspaceId: user.workspaceId,
      apiKeyUserId: user.id,
      expiresAt: now + REFRESH_TOKEN_TTL_MS,
      createdAt: now,
    };
    await storage.run(
      `INSERT INTO embed_sessions (id, token_hash, api_key_id, workspace_id, api_key_user_id, expires_at, retired_at, revoked_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, ?)`,
      [session.id, hashSecret(token), session.apiKeyId, session.workspaceId, session.apiKeyUserId, session.expiresAt, now],
    );
    return { token, session };
  }

  async sessionByToken(token: string): Promise<SessionRecord | undefined> {
    const row = await this.deps.storage.get('SELECT * FROM embed_sessions WHERE token_hash = ?', [hashSecret(token)]);
    return row ? sessionFromRow(row) : undefined;
  }

  async session(id: string): Promise<SessionRecord | undefined> {
    const row = await this.deps.storage.get('SELECT * FROM embed_sessions WHERE id = ?', [id]);
    return row ? sessionFromRow(row) : undefined;
  }

  /** Revokes every live session of a key: their refresh and access tokens stop working. */
  async revokeAll(apiKeyId: string): Promise<number> {
    const { changes } = await this.deps.storage.run('UPDATE embed_sessions SET revoked_at = ? WHERE api_key_id = ? AND revoked_at IS NULL', [
      this.deps.clock.now(),
      apiKeyId,
    ]);
    return changes;
  }

  async retire(sessionId: string): Promise<void> {
    await this.deps.storage.run('UPDATE embed_sessions SET retired_at = ? WHERE id = ? AND retired_at IS NULL', [this.deps.clock.now(), sessionId]);
  }
}

function sessionFromRow(row: Row): SessionRecord {
  const session: SessionRecord = {
    id: String(row.id),
    apiKeyId: String(row.api_key_id),
    workspaceId: String(row.workspace_id),
    apiKeyUserId: String(row.api_key_user_id),
    expiresAt: Number(row.expires_at),
    createdAt: Number(row.created_at),
  };
  if (row.retired_at !== null) session.retiredAt = Number(row.retired_at);
  if (row.revoked_at !== null && row.revoked_at !== undefined) session.revokedAt = Number(row.revoked_at);
  return session;
}
