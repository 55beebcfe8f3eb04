// Workspace API keys: only a hash of each secret is stored; status and expiry read the emulator clock.
import type { StoreDeps } from '../../core/services.js';
import { parseJson as parse, toIso } from '../../core/services.js';
import { hashSecret } from '../../security/hash.js';
import { DEFAULT_WORKSPACE_LIMITS } from '../workspaces/public.js';
import type { CreateKeyInput, UpdateKeyInput } from './schema.js';

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
  /** Requests per day, set when a request-limit increase is approved. */
  rateLimitPerDay?: number;
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
  rate_limit_per_day: number | null;
  last_used_at: number | null;
  expires_at: number | null;
  sessions_revoked_at: number | null;
  created_at: number;
}

/** The spec's `ApiKey`: never the secret nor its hash. */
export function keyOut(key: ApiKeyRecord) {
  return {
    id: key.id,
    workspaceId: key.workspaceId,
    name: key.name,
    keyPrefix: key.keyPrefix,
    status: key.status,
    allowedOrigins: key.allowedOrigins,
    permissions: key.permissions,
    ...(key.allowedTiers && { allowedTiers: key.allowedTiers }),
    ...(key.customTierLimits && { customTierLimits: key.customTierLimits }),
    ...(key.rateLimit !== undefined && { rateLimit: key.rateLimit }),
    ...(key.rateLimitPerDay !== undefined && { rateLimitPerDay: key.rateLimitPerDay }),
    ...(key.lastUsedAt !== undefined && { lastUsedAt: toIso(key.lastUsedAt) }),
    ...(key.expiresAt !== undefined && { expiresAt: toIso(key.expiresAt) }),
    createdAt: toIso(key.createdAt),
  };
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** lastUsedAt is refreshed at most once a minute, so reads stay reads. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** Auth's one query on every keyed call (one text: a prepared statement is found by it). */
const AUTH_LOOKUP = 'SELECT k.*, w.limits AS workspace_limits FROM api_keys k LEFT JOIN workspaces w ON w.id = k.workspace_id WHERE k.secret_hash = ?';

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
      allowedOrigins: parse(row.allowed_origins, []),
      permissions: parse(row.permissions, []),
      createdAt: Number(row.created_at),
    };
    if (row.allowed_tiers !== null) key.allowedTiers = parse(row.allowed_tiers, []);
    if (row.custom_tier_limits !== null) key.customTierLimits = parse(row.custom_tier_limits, {});
    if (row.rate_limit !== null) key.rateLimit = Number(row.rate_limit);
    if (row.rate_limit_per_day !== null) key.rateLimitPerDay = Number(row.rate_limit_per_day);
    if (row.last_used_at !== null) key.lastUsedAt = Number(row.last_used_at);
    if (expiresAt !== undefined) key.expiresAt = expiresAt;
    if (row.sessions_revoked_at !== null) key.sessionsRevokedAt = Number(row.sessions_revoked_at);
    return key;
  }

  async insert(key: ApiKeyRecord, secret: string): Promise<void> {
    await this.deps.storage.run(
      `INSERT INTO api_keys (id, workspace_id, name, key_prefix, secret_hash, status, allowed_origins, permissions,
         allowed_tiers, custom_tier_limits, rate_limit, rate_limit_per_day, last_used_at, expires_at, sessions_revoked_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        key.rateLimitPerDay ?? null,
        key.lastUsedAt ?? null,
        key.expiresAt ?? null,
        key.sessionsRevokedAt ?? null,
        key.createdAt,
      ],
    );
  }

  /** `findBySecret` with the workspace's monthly call allowance joined in: what auth reads on every call. */
  async findForAuth(secret: string): Promise<(ApiKeyRecord & { monthlyCallLimit?: number }) | undefined> {
    const row = await this.deps.storage.get<ApiKeyRow & { workspace_limits: string | null }>(AUTH_LOOKUP, [hashSecret(secret)]);
    if (!row) return undefined;
    const key: ApiKeyRecord & { monthlyCallLimit?: number } = this.fromRow(row);
    if (row.workspace_limits !== null) {
      key.monthlyCallLimit = parse<Record<string, number>>(row.workspace_limits, {}).maxMonthlyApiCalls ?? DEFAULT_WORKSPACE_LIMITS.maxMonthlyApiCalls;
    }
    return key;
  }

  /**
   * Looks up a hash no key has (not hex), answer thrown away: after a load, the first keyed request
   * finds auth's statement prepared, as every later one does.
   */
  async primeAuth(): Promise<void> {
    await this.deps.storage.get(AUTH_LOOKUP, ['no key']);
  }

  /** Finds a key by its secret; the lookup is by hash, so no secret is ever compared in the clear. */
  async findBySecret(secret: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.deps.storage.get<ApiKeyRow>('SELECT * FROM api_keys WHERE secret_hash = ?', [hashSecret(secret)]);
    return row ? this.fromRow(row) : undefined;
  }

  /** Whether some active key lists `origin` exactly (the CORS preflight's question; it carries no key). */
  async allowsOrigin(origin: string): Promise<boolean> {
    if (!/^https?:\/\/[\w.\-:[\]]+$/.test(origin)) return false;
    // LIKE only narrows (its wildcards and case rules differ by driver); the exact test is below.
    const rows = await this.deps.storage.all<ApiKeyRow>("SELECT * FROM api_keys WHERE status = 'active' AND allowed_origins LIKE ?", [`%${JSON.stringify(origin)}%`]);
    return rows.some((row) => {
      const key = this.fromRow(row);
      return key.status === 'active' && key.allowedOrigins.includes(origin);
    });
  }

  async get(workspaceId: string, id: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.deps.storage.get<ApiKeyRow>('SELECT * FROM api_keys WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return row ? this.fromRow(row) : undefined;
  }

  async list(workspaceId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.deps.storage.all<ApiKeyRow>('SELECT * FROM api_keys WHERE workspace_id = ? ORDER BY created_at, id', [workspaceId]);
    return rows.map((row) => this.fromRow(row));
  }

  /** A new key; its secret is returned here and never again. */
  async create(workspaceId: string, input: CreateKeyInput): Promise<{ key: ApiKeyRecord; secret: string }> {
    const secret = this.deps.ids.apiKeySecret();
    const id = this.deps.ids.objectId();
    await this.insert(
      {
        id,
        workspaceId,
        name: input.name,
        keyPrefix: secret.slice(0, 8),
        status: 'active',
        allowedOrigins: input.allowedOrigins,
        permissions: input.permissions,
        ...(input.allowedTiers && { allowedTiers: input.allowedTiers }),
        ...(input.customTierLimits && { customTierLimits: input.customTierLimits as Record<string, Record<string, number>> }),
        ...(input.rateLimit != null && { rateLimit: input.rateLimit }),
        ...(input.rateLimitPerDay != null && { rateLimitPerDay: input.rateLimitPerDay }),
        ...(input.expiresAt != null && { expiresAt: Date.parse(input.expiresAt) }),
        createdAt: this.deps.clock.now(),
      },
      secret,
    );
    return { key: (await this.get(workspaceId, id)) as ApiKeyRecord, secret };
  }

  /** Applies the fields present in `patch`; `null` clears an optional field. */
  async update(workspaceId: string, id: string, patch: UpdateKeyInput): Promise<ApiKeyRecord | undefined> {
    const sets: string[] = [];
    const params: (string | number | null)[] = [];
    const set = (column: string, value: string | number | null) => {
      sets.push(`${column} = ?`);
      params.push(value);
    };
    if (patch.name !== undefined) set('name', patch.name);
    if (patch.permissions !== undefined) set('permissions', JSON.stringify(patch.permissions));
    if (patch.allowedOrigins !== undefined) set('allowed_origins', JSON.stringify(patch.allowedOrigins));
    if (patch.allowedTiers !== undefined) set('allowed_tiers', json(patch.allowedTiers));
    if (patch.customTierLimits !== undefined) set('custom_tier_limits', json(patch.customTierLimits));
    if (patch.rateLimit !== undefined) set('rate_limit', patch.rateLimit);
    if (patch.rateLimitPerDay !== undefined) set('rate_limit_per_day', patch.rateLimitPerDay);
    if (patch.expiresAt !== undefined) set('expires_at', patch.expiresAt === null ? null : Date.parse(patch.expiresAt));
    if (sets.length > 0) {
      await this.deps.storage.run(`UPDATE api_keys SET ${sets.join(', ')} WHERE id = ? AND workspace_id = ?`, [...params, id, workspaceId]);
    }
    return this.get(workspaceId, id);
  }

  async revoke(workspaceId: string, id: string): Promise<ApiKeyRecord | undefined> {
    await this.deps.storage.run("UPDATE api_keys SET status = 'revoked' WHERE id = ? AND workspace_id = ?", [id, workspaceId]);
    return this.get(workspaceId, id);
  }

  /** Removes the key for good: its secret stops working and it leaves every listing. */
  async delete(workspaceId: string, id: string): Promise<ApiKeyRecord | undefined> {
    const key = await this.get(workspaceId, id);
    if (key) await this.deps.storage.run('DELETE FROM api_keys WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return key;
  }

  /** A new secret for the same key; the old one stops working at once. */
  async rotate(workspaceId: string, id: string): Promise<{ key: ApiKeyRecord; secret: string } | undefined> {
    const secret = this.deps.ids.apiKeySecret();
    const { changes } = await this.deps.storage.run('UPDATE api_keys SET secret_hash = ?, key_prefix = ? WHERE id = ? AND workspace_id = ?', [
      hashSecret(secret),
      secret.slice(0, 8),
      id,
      workspaceId,
    ]);
    if (changes === 0) return undefined;
    return { key: (await this.get(workspaceId, id)) as ApiKeyRecord, secret };
  }

  /** Every session minted with the key so far stops working; later logins work again. */
  async revokeSessions(workspaceId: string, id: string): Promise<ApiKeyRecord | undefined> {
    await this.deps.storage.run('UPDATE api_keys SET sessions_revoked_at = ? WHERE id = ? AND workspace_id = ?', [this.deps.clock.now(), id, workspaceId]);
    return this.get(workspaceId, id);
  }

  /** Notes the key's use, at most once per granularity: undefined (nothing to wait for) when it writes nothing. */
  touch(key: ApiKeyRecord): Promise<void> | undefined {
    const now = this.deps.clock.now();
    if (key.lastUsedAt !== undefined && now - key.lastUsedAt < LAST_USED_GRANULARITY_MS) return undefined;
    return this.deps.storage.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [now, key.id]).then(() => undefined);
  }
}
