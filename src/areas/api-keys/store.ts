// Workspace API keys: only a hash of each secret is stored; status and expiry read the emulator clock.
import type { StoreDeps } from '../../core/services.js';
import { parseJson } from '../../core/services.js';
import { hashSecret } from '../../security/hash.js';

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

export interface ApiKeyRecord {
  id: string;
  workspaceId: string;
  name: string;
  keyPrefix: string;
  status: ApiKeyStatus;
  allowedOrigins: string[];
  permissions: string[];
  allowedTiers?: string[];
  customTierLimits?: Record<string, Record<string, number>>;
  rateLimit?: number;
  lastUsedAt?: number;
  expiresAt?: number;
  sessionsRevokedAt?: number;
  createdAt: number;
}

interface ApiKeyRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  name: string;
  key_prefix: string;
  secret_hash: string;
  status: string;
  allowed_origins: string;
  permissions: string;
  allowed_tiers: string | null;
  custom_tier_limits: string | null;
  rate_limit: number | null;
  last_used_at: number | null;
  expires_at: number | null;
  sessions_revoked_at: number | null;
  created_at: number;
}

/** lastUsedAt is refreshed at most once a minute, so reads stay reads. */
const LAST_USED_GRANULARITY_MS = 60_000;

export class ApiKeyStore {
  constructor(private readonly deps: StoreDeps) {}

  private fromRow(row: ApiKeyRow): ApiKeyRecord {
    const expiresAt = row.expires_at === null ? undefined : Number(row.expires_at);
    let status = row.status as ApiKeyStatus;
    if (status === 'active' && expiresAt !== undefined && expiresAt <= this.deps.clock.now()) status = 'expired';
    const key: ApiKeyRecord = {
      id: row.id,
      workspaceId: row.workspace_id,
      name: row.name,
      keyPrefix: row.key_prefix,
      status,
      allowedOrigins: parseJson(row.allowed_origins, []),
      permissions: parseJson(row.permissions, []),
      createdAt: Number(row.created_at),
    };
    if (row.allowed_tiers !== null) key.allowedTiers = parseJson(row.allowed_tiers, []);
    if (row.custom_tier_limits !== null) key.customTierLimits = parseJson(row.custom_tier_limits, {});
    if (row.rate_limit !== null) key.rateLimit = Number(row.rate_limit);
    if (row.last_used_at !== null) key.lastUsedAt = Number(row.last_used_at);
    if (expiresAt !== undefined) key.expiresAt = expiresAt;
    if (row.sessions_revoked_at !== null) key.sessionsRevokedAt = Number(row.sessions_revoked_at);
    return key;
  }

  async insert(key: ApiKeyRecord, secret: string): Promise<void> {
    await this.deps.storage.run(
      `INSERT INTO api_keys (id, workspace_id, name, key_prefix, secret_hash, status, allowed_origins, permissions,
         allowed_tiers, custom_tier_limits, rate_limit, last_used_at, expires_at, sessions_revoked_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        key.id,
        key.workspaceId,
        key.name,
        key.keyPrefix,
        hashSecret(secret),
        key.status,
        JSON.stringify(key.allowedOrigins),
        JSON.stringify(key.permissions),
        key.allowedTiers ? JSON.stringify(key.allowedTiers) : null,
        key.customTierLimits ? JSON.stringify(key.customTierLimits) : null,
        key.rateLimit ?? null,
        key.lastUsedAt ?? null,
        key.expiresAt ?? null,
        key.sessionsRevokedAt ?? null,
        key.createdAt,
      ],
    );
  }

  /** Finds a key by its secret; the lookup is by hash, so no secret is ever compared in the clear. */
  async findBySecret(secret: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.deps.storage.get<ApiKeyRow>('SELECT * FROM api_keys WHERE secret_hash = ?', [hashSecret(secret)]);
    return row ? this.fromRow(row) : undefined;
  }

  async get(workspaceId: string, id: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.deps.storage.get<ApiKeyRow>('SELECT * FROM api_keys WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return row ? this.fromRow(row) : undefined;
  }

  async touch(key: ApiKeyRecord): Promise<void> {
    const now = this.deps.clock.now();
    if (key.lastUsedAt !== undefined && now - key.lastUsedAt < LAST_USED_GRANULARITY_MS) return;
    await this.deps.storage.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [now, key.id]);
  }
}
