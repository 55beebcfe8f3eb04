// Loads a workspace's API keys from a scenario (its `apiKeys` field, validated by the scenario
// document's schema): ids and secrets as given, else drawn from the seed; the handle keeps each secret.
import type { AreaLoadTarget } from '../../core/area.js';
import type { ApiKeyStore } from './store.js';

/** A scenario's API key. */
export interface ApiKeyDoc {
  id?: string | undefined;
  name: string;
  secret?: string | undefined;
  status: 'active' | 'revoked' | 'expired';
  allowedOrigins: string[];
  permissions: string[];
  allowedTiers?: string[] | undefined;
  customTierLimits?: Partial<Record<string, Partial<Record<string, number>>>> | undefined;
  rateLimit: number | null;
  expiresAt: string | null;
}

export async function loadApiKeys(docs: ApiKeyDoc[], { workspaceId, handle, now }: AreaLoadTarget, keys: ApiKeyStore, ids: { objectId(): string; apiKeySecret(): string }): Promise<void> {
  for (const key of docs) {
    const keyId = key.id ?? ids.objectId();
    const secret = key.secret ?? ids.apiKeySecret();
    await keys.insert(
      {
        id: keyId,
        workspaceId,
        name: key.name,
        keyPrefix: secret.slice(0, 8),
        status: key.status,
        allowedOrigins: key.allowedOrigins,
        permissions: key.permissions,
        ...(key.allowedTiers && { allowedTiers: key.allowedTiers }),
        ...(key.customTierLimits && { customTierLimits: key.customTierLimits as Record<string, Record<string, number>> }),
        ...(key.rateLimit !== null && { rateLimit: key.rateLimit }),
        ...(key.expiresAt !== null && { expiresAt: Date.parse(key.expiresAt) }),
        createdAt: now,
      },
      secret,
    );
    handle.apiKeys.push({ id: keyId, name: key.name, secret, status: key.status });
  }
}
