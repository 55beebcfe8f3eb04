// The headless external-user sign-in rules (spec section 5): login mints a refresh token, validate-login
// trades it for a 30-minute access token when all four conditions hold, refresh rotates it.
import type { Clock } from '../../clock/clock.js';
import type { IdFactory } from '../../seed/ids.js';
import type { TokenSigner } from '../../security/jwt.js';
import type { ApiKeyRecord, ApiKeyStore } from '../api-keys/public.js';
import type { ReleaseStore } from '../releases/public.js';
import { assignTier, availableTiers, tierLimits, UNLIMITED } from '../tiers/public.js';
import type { UsageStore } from '../tiers/public.js';
import type { WorkspaceStore } from '../workspaces/public.js';
import { ACCESS_TOKEN_TTL_SEC } from './schema.js';
import type { EmbedAuthStore, SessionRecord } from './store.js';
import { invalidRefreshToken, invalidTier } from './errors.js';
import { unauthorized } from '../../core/errors.js';
import type { EndUserResolver, ExternalUserHeaders, KeyForAuth } from '../../core/auth.js';
import type { EndUserPrincipal } from '../../core/route.js';
import type { UserStore } from '../users/public.js';

export interface EmbedAuthDeps {
  clock: Clock;
  ids: IdFactory;
  signer: () => TokenSigner;
  keys: ApiKeyStore;
  workspaces: WorkspaceStore;
  releases: ReleaseStore;
  sessions: EmbedAuthStore;
  usage: UsageStore;
  users: UserStore;
}

export interface LoginInput {
  /** A number on the wire is kept as its decimal string. */
  userId: string;
  membershipTier?: string;
  username?: string;
  email?: string;
  name?: string;
  nickname?: string;
  picture?: string | null;
  metadata?: Record<string, unknown>;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class EmbedAuth implements EndUserResolver {
  constructor(private readonly deps: EmbedAuthDeps) {}

  /** A key that can still mint or exchange tokens. */
  private async activeKey(secret: string | undefined): Promise<ApiKeyRecord> {
    if (!secret) throw unauthorized('API key required: send it as apikey in the body or in x-api-key');
    const key = await this.deps.keys.findBySecret(secret);
    if (!key) throw unauthorized('Invalid API key');
    if (key.status !== 'active') throw unauthorized(`API key has ${key.status === 'revoked' ? 'been revoked' : 'expired'}`);
    return key;
  }

  async login(secret: string | undefined, input: LoginInput) {
    const key = await this.activeKey(secret);
    const workspace = await this.deps.workspaces.get(key.workspaceId);
    const embedTiers = workspace?.embedTiers ?? [];
    // A known tier the key does not allow is downgraded, not refused (Examples embed/MembershipTiers.md).
    const tier = assignTier(input.membershipTier, embedTiers, key.allowedTiers);
    if (tier === undefined) throw invalidTier(availableTiers(embedTiers, key.allowedTiers));
    const user = await this.deps.sessions.upsertUser(key.id, key.workspaceId, {
      externalUserId: input.userId,
      membershipTier: tier,
      ...(input.email !== undefined && { email: input.email }),
      ...(input.name !== undefined && { name: input.name }),
      ...((input.nickname ?? input.username) !== undefined && { nickname: (input.nickname ?? input.username) as string }),
      ...(typeof input.picture === 'string' && { picture: input.picture }),
      ...(input.metadata !== undefined && { metadata: input.metadata }),
    });
    const { token, session } = await this.deps.sessions.openSession(user);
    return { refreshToken: token, refreshExpiresAt: iso(session.expiresAt), tierAssigned: tier };
  }

  /** Rule 4 of validate-login: unexpired, not rotated away, key active, sessions not revoked. */
  private async usableSession(refreshToken: string): Promise<{ session: SessionRecord; key: ApiKeyRecord } | undefined> {
    const session = await this.deps.sessions.sessionByToken(refreshToken);
    if (!session || session.retiredAt !== undefined || session.revokedAt !== undefined) return undefined;
    if (session.expiresAt <= this.deps.clock.now()) return undefined;
    const key = await this.deps.keys.get(session.workspaceId, session.apiKeyId);
    if (!key || key.status !== 'active') return undefined;
    return { session, key };
  }

  async validateLogin(input: { refreshToken: string; origin: string; releaseId: string }) {
    const usable = await this.usableSession(input.refreshToken);
    if (!usable) return { valid: false as const };
    const { session, key } = usable;
    const release = await this.deps.releases.get(input.releaseId, key.workspaceId);
    if (!release) return { valid: false as const };
    // The origin must match an entry of the key's allowedOrigins exactly: scheme and case included.
    if (!key.allowedOrigins.includes(input.origin)) return { valid: false as const };
    const user = await this.deps.sessions.userById(session.apiKeyUserId);
    if (!user) return { valid: false as const };
    const workspace = await this.deps.workspaces.get(key.workspaceId);
    const limits = tierLimits(user.membershipTier, workspace?.embedTiers ?? [], key.customTierLimits);
    const quota = await this.deps.usage.quota(`apikeyuser:${user.id}`, user.membershipTier, limits);
    const { token, expiresAt } = await this.deps.signer().sign(
      {
        sub: user.id,
        use: 'access',
        kind: 'embed',
        wid: key.workspaceId,
        akid: key.id,
        sid: session.id,
        rid: release.id,
        ext: user.externalUserId,
        tier: user.membershipTier,
      },
      ACCESS_TOKEN_TTL_SEC,
      this.deps.ids.objectId(),
    );
    return {
      valid: true as const,
      accessToken: token,
      expiresAt,
      userInfo: { user_id: user.externalUserId, nickname: user.nickname ?? null, picture: user.picture ?? null },
      tierConfig: { tier: quota.tier, limits, usage: quota.usage, remaining: quota.remaining },
    };
  }

  /** A new refresh token extending the session's 7 days; the old one is retired. */
  async refresh(refreshToken: string) {
    const usable = await this.usableSession(refreshToken);
    if (!usable) throw invalidRefreshToken();
    const user = await this.deps.sessions.userById(usable.session.apiKeyUserId);
    if (!user) throw invalidRefreshToken();
    await this.deps.sessions.retire(usable.session.id);
    const { token, session } = await this.deps.sessions.openSession(user);
    return { refreshToken: token, refreshExpiresAt: iso(session.expiresAt) };
  }

  /** An end user from a Bearer token: an embed access token (still backed by its session) or a platform user's. */
  async fromToken(token: string): Promise<EndUserPrincipal | 'expired' | 'invalid'> {
    const verified = await this.deps.signer().verify(token);
    if (typeof verified === 'string') return verified;
    const claims = verified.claims;
    if (claims.kind === 'embed') {
      if (!(await this.accessStillValid(claims))) return 'invalid';
      return {
        kind: 'endUser',
        via: 'embed',
        subject: `apikeyuser:${verified.userId}`,
        workspaceId: String(claims.wid),
        releaseId: String(claims.rid),
        apiKeyUserId: verified.userId,
        externalUserId: String(claims.ext),
        keyId: String(claims.akid),
        tier: String(claims.tier),
      };
    }
    if (claims.kind !== undefined && claims.kind !== 'platform') return 'invalid';
    if (!(await this.deps.users.get(verified.userId))) return 'invalid';
    return { kind: 'endUser', via: 'platform', subject: `user:${verified.userId}`, userId: verified.userId };
  }

  /** An end user named by a server holding an API key; the user record is created on first use. */
  async fromKey(key: KeyForAuth, external: ExternalUserHeaders): Promise<EndUserPrincipal> {
    const record = await this.deps.keys.get(key.workspaceId, key.id);
    const workspace = await this.deps.workspaces.get(key.workspaceId);
    const embedTiers = workspace?.embedTiers ?? [];
    const known = await this.deps.sessions.user(key.id, external.userId);
    const assigned = external.tier ? assignTier(external.tier, embedTiers, record?.allowedTiers) : undefined;
    if (external.tier && assigned === undefined) throw invalidTier(availableTiers(embedTiers, record?.allowedTiers));
    const tier = assigned ?? known?.membershipTier ?? assignTier(undefined, embedTiers, record?.allowedTiers) ?? 'free';
    const user = await this.deps.sessions.upsertUser(key.id, key.workspaceId, {
      externalUserId: external.userId,
      membershipTier: tier,
      ...(external.email !== undefined && { email: external.email }),
      ...(external.name !== undefined && { name: external.name }),
    });
    return {
      kind: 'endUser',
      via: 'apiKey',
      subject: `apikeyuser:${user.id}`,
      workspaceId: key.workspaceId,
      apiKeyUserId: user.id,
      externalUserId: user.externalUserId,
      keyId: key.id,
      tier: user.membershipTier,
    };
  }

  /** The quota of an end user: limits from their tier (workspace and key overrides), usage from the clock's windows. */
  async quotaOf(principal: EndUserPrincipal, workspaceId: string, conversationLength = 0) {
    const workspace = await this.deps.workspaces.get(workspaceId);
    const key = principal.keyId ? await this.deps.keys.get(workspaceId, principal.keyId) : undefined;
    const tier = principal.tier ?? 'free';
    const limits = tierLimits(tier, workspace?.embedTiers ?? [], key?.customTierLimits);
    if (principal.tier === undefined) {
      // The real tier table governs signed-in external users. Anonymous visitors and platform users
      // (no tier) keep the free tier's day and month caps only, unless the workspace's free tier
      // names an hourly or conversation limit: their chats are bounded by the release instead.
      const free = (workspace?.embedTiers ?? []).find((t) => t.slug === 'free')?.limits ?? {};
      if (free.messagesPerHour === undefined) limits.messagesPerHour = UNLIMITED;
      if (free.maxConversationLength === undefined) limits.maxConversationLength = UNLIMITED;
    }
    return { limits, status: await this.deps.usage.quota(principal.subject, tier, limits, conversationLength) };
  }

  /** Whether an embed access token still stands: its key active and its session not revoked. */
  async accessStillValid(claims: Record<string, unknown>): Promise<boolean> {
    const key = await this.deps.keys.get(String(claims.wid), String(claims.akid));
    if (!key || key.status !== 'active') return false;
    const session = await this.deps.sessions.session(String(claims.sid));
    return session !== undefined && session.revokedAt === undefined;
  }
}
