// Embed sign-in as real backends and the embed client do it (REAL-WIRE.md section 6): the exact
// /embed/login bodies of divinci-ai/Examples, the tier table and downgrade rules of
// embed/MembershipTiers.md, and the quota refusals the embed client reads (`context.type`, `retryAfter`).
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const NOW = '2026-06-10T10:15:00.000Z';
const KEY = `svc_${'E'.repeat(87)}`;
const KEY_TIERED = `svc_${'F'.repeat(87)}`;
const KEY_NARROW = `svc_${'G'.repeat(87)}`;
const KEY_FREE = `svc_${'H'.repeat(87)}`;
const KEY_LIMITS = `svc_${'J'.repeat(87)}`;
const ORIGIN = 'https://myapp.com';

/** No embedTiers: the five real tiers with their default limits. */
const scenario = {
  name: 'embed-wire',
  seed: 7,
  now: NOW,
  users: [{ id: 'u_owner', email: 'owner@myapp.com' }],
  workspaces: [
    {
      id: 'ws_app',
      name: 'My App',
      ownerId: 'u_owner',
      apiKeys: [
        { id: 'k_all', name: 'all tiers', secret: KEY, allowedOrigins: [ORIGIN] },
        // The key of MembershipTiers.md "Configure Allowed Tiers".
        {
          id: 'k_tiered',
          name: 'My App API Key',
          secret: KEY_TIERED,
          allowedOrigins: [ORIGIN],
          allowedTiers: ['free', 'basic', 'premium'],
          customTierLimits: { premium: { messagesPerMonth: 10000 } },
        },
        { id: 'k_narrow', name: 'free and basic', secret: KEY_NARROW, allowedOrigins: [ORIGIN], allowedTiers: ['free', 'basic'] },
        { id: 'k_free', name: 'free only', secret: KEY_FREE, allowedOrigins: [ORIGIN], allowedTiers: ['free'] },
        {
          id: 'k_limits',
          name: 'custom limits',
          secret: KEY_LIMITS,
          allowedOrigins: [ORIGIN],
          customTierLimits: {
            free: { messagesPerMonth: -1, messagesPerDay: 2, messagesPerHour: -1, maxConversationLength: -1 },
            basic: { messagesPerMonth: 1, messagesPerDay: -1, messagesPerHour: -1 },
            premium: { messagesPerMonth: -1, messagesPerDay: -1, messagesPerHour: -1, maxConversationLength: 2 },
          },
        },
      ],
      releases: [{ id: 'rel_app', name: 'App assistant', status: 'active', authMode: 'optional' }],
    },
  ],
};

const DEFAULTS = {
  free: { messagesPerMonth: 50, messagesPerDay: 10, messagesPerHour: 5, maxConversationLength: 20 },
  basic: { messagesPerMonth: 500, messagesPerDay: 50, messagesPerHour: 20, maxConversationLength: 50 },
  premium: { messagesPerMonth: 5000, messagesPerDay: 200, messagesPerHour: 50, maxConversationLength: 100 },
  enterprise: { messagesPerMonth: 50000, messagesPerDay: 2000, messagesPerHour: 200, maxConversationLength: 500 },
  unlimited: { messagesPerMonth: -1, messagesPerDay: -1, messagesPerHour: -1, maxConversationLength: -1 },
} as const;

describe.each(MATRIX)('embed sign-in on the real wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario });
  const raw = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await door.fetch(path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  /** The server-side login exactly as the Examples send it: Content-Type only, the key in the body. */
  const login = (body: Record<string, unknown>) => raw('POST', '/embed/login', { 'Content-Type': 'application/json' }, body);
  /** The embed client trading the refresh token (spec section 5 body). */
  const validate = (refreshToken: string) =>
    raw('POST', '/embed/validate-login', { 'Content-Type': 'application/json' }, { refreshToken, origin: ORIGIN, releaseId: 'rel_app' });
  const signIn = async (apikey: string, userId: string | number, membershipTier?: string) => {
    const session = await login({ apikey, userId, username: 'sam', ...(membershipTier && { membershipTier }) });
    expect(session.status).toBe(200);
    const access = await validate(session.body.refreshToken);
    expect(access.body.valid).toBe(true);
    return { session: session.body, access: access.body, auth: { Authorization: `Bearer ${access.body.accessToken}`, 'Content-Type': 'application/json' } };
  };
  const openThread = async (auth: Record<string, string>) => (await raw('POST', '/api/v1/chat/threads', auth, { releaseId: 'rel_app' })).body.id as string;
  const send = (auth: Record<string, string>, thread: string, content: string) => raw('POST', `/api/v1/chat/threads/${thread}/messages`, auth, { content });

  // divinci-ai/Examples embed/HowToEmbed.md, Step 2: getDivinciJWT(userId, username, picture).
  it('HowToEmbed.md: a numeric userId and a null picture sign in, stored as strings', async () => {
    const res = await login({ apikey: KEY, userId: 12345, username: 'alice', picture: null });
    expect(res.status).toBe(200);
    expect(typeof res.body.refreshToken).toBe('string');
    const access = await validate(res.body.refreshToken);
    expect(access.body.userInfo).toEqual({ user_id: '12345', nickname: 'alice', picture: null });
    // The same user by the string form of the id: one user, not two.
    const again = await login({ apikey: KEY, userId: '12345', username: 'alice', picture: 'https://images.example/alice.jpg' });
    expect((await validate(again.body.refreshToken)).body.userInfo).toEqual({ user_id: '12345', nickname: 'alice', picture: 'https://images.example/alice.jpg' });
  });

  // divinci-ai/Examples embed/external-login-ssr/server/divinci.js: {apikey, userId: id, username, picture}.
  it('external-login-ssr divinci.js: a string id and a picture URL', async () => {
    const res = await login({ apikey: KEY, userId: 'user1', username: 'alice', picture: 'https://images.unsplash.com/photo-1494790108755-2616b612b786?w=150&h=150&fit=crop&crop=face' });
    expect(res.status).toBe(200);
    expect(res.body.tierAssigned).toBe('free');
    expect((await validate(res.body.refreshToken)).body.userInfo.user_id).toBe('user1');
  });

  // divinci-ai/Examples embed/MembershipTiers.md, "Tier Validation & Downgrading" table.
  it('MembershipTiers.md: a tier the key does not allow is downgraded to the highest allowed one', async () => {
    expect((await login({ apikey: KEY_TIERED, userId: 'u1', username: 'a', membershipTier: 'enterprise' })).body.tierAssigned).toBe('premium');
    expect((await login({ apikey: KEY_NARROW, userId: 'u2', username: 'b', membershipTier: 'premium' })).body.tierAssigned).toBe('basic');
    const free = await login({ apikey: KEY_FREE, userId: 'u3', username: 'c', membershipTier: 'unlimited' });
    expect(free).toMatchObject({ status: 200, body: { tierAssigned: 'free' } });
    expect((await validate(free.body.refreshToken)).body.tierConfig.tier).toBe('free');
    // An unknown slug is still refused.
    const gold = await login({ apikey: KEY_TIERED, userId: 'u4', username: 'd', membershipTier: 'gold' });
    expect(gold).toEqual({
      status: 400,
      headers: gold.headers,
      body: { error: expect.objectContaining({ code: 'VALIDATION_ERROR', message: 'Invalid tier', details: { availableSlugs: ['free', 'basic', 'premium'] } }) },
    });
  });

  // divinci-ai/Examples embed/MembershipTiers.md, "Available Tiers" and "Successful Login Response".
  it('MembershipTiers.md: tierConfig shows the real default limits of every tier, usage and remaining', async () => {
    for (const [tier, limits] of Object.entries(DEFAULTS)) {
      const { access } = await signIn(KEY, `tier-${tier}`, tier);
      expect(access.tierConfig.tier).toBe(tier);
      expect(access.tierConfig.limits).toMatchObject(limits);
      expect(access.tierConfig.usage).toEqual({ messagesThisMonth: 0, messagesToday: 0, messagesThisHour: 0, currentConversationLength: 0 });
      const unlimited = tier === 'unlimited';
      expect(access.tierConfig.remaining).toEqual({
        messagesThisMonth: unlimited ? -1 : limits.messagesPerMonth,
        messagesToday: unlimited ? -1 : limits.messagesPerDay,
        messagesThisHour: unlimited ? -1 : limits.messagesPerHour,
      });
    }
    // customTierLimits are merged with the defaults: only the fields given are overridden.
    const { access } = await signIn(KEY_TIERED, 'custom', 'premium');
    expect(access.tierConfig.limits).toMatchObject({ messagesPerMonth: 10000, messagesPerDay: 200, messagesPerHour: 50, maxConversationLength: 100 });
  });

  // divinci-ai/Examples embed/MembershipTiers.md, "Quota Exceeded (429 Response)" and "Handle Quota Exceeded Gracefully".
  it('MembershipTiers.md: the hourly burst limit answers 429 hourly_quota_exceeded with retryAfter and Retry-After', async () => {
    const { auth, session } = await signIn(KEY, 'burst', 'free');
    const thread = await openThread(auth);
    for (let i = 0; i < 5; i++) expect((await send(auth, thread, `Question ${i}`)).status).toBe(200);
    const refused = await send(auth, thread, 'One more');
    expect(refused.status).toBe(429);
    const nextHour = Date.parse('2026-06-10T11:00:00.000Z');
    expect(refused.body.error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { type: 'hourly_quota_exceeded', limit: 5, remaining: 0, resetAt: nextHour / 1000, retryAfter: (nextHour - Date.parse(NOW)) / 1000 },
    });
    expect(refused.headers.get('retry-after')).toBe(String((nextHour - Date.parse(NOW)) / 1000));
    // The status reads the same: no messages left this hour.
    const quota = await raw('GET', '/api/v1/quota', auth);
    expect(quota.body).toMatchObject({ exceeded: true, usage: { messagesThisHour: 5 }, remaining: { messagesThisHour: 0 } });
    await door.emulator.clock.set(nextHour);
    // The 30-minute access token has lapsed meanwhile: the embed client trades the refresh token again.
    const fresh = (await validate(session.refreshToken)).body;
    expect(fresh.tierConfig.remaining.messagesThisHour).toBe(5);
    expect((await send({ ...auth, Authorization: `Bearer ${fresh.accessToken}` }, thread, 'After the hour')).status).toBe(200);
  });

  it('MembershipTiers.md: daily and monthly refusals carry their type; -1 lifts a limit', async () => {
    const day = await signIn(KEY_LIMITS, 'daily', 'free');
    const t1 = await openThread(day.auth);
    for (let i = 0; i < 2; i++) expect((await send(day.auth, t1, `Q${i}`)).status).toBe(200);
    const daily = await send(day.auth, t1, 'Q2');
    expect(daily.status).toBe(429);
    expect(daily.body.error.details).toMatchObject({ type: 'daily_quota_exceeded', limit: 2, remaining: 0 });
    expect(day.access.tierConfig.limits).toMatchObject({ messagesPerMonth: -1, messagesPerDay: 2, messagesPerHour: -1, maxConversationLength: -1 });

    const month = await signIn(KEY_LIMITS, 'monthly', 'basic');
    const t2 = await openThread(month.auth);
    expect((await send(month.auth, t2, 'Only one')).status).toBe(200);
    const monthly = await send(month.auth, t2, 'Second');
    expect(monthly.body.error).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { type: 'monthly_quota_exceeded', limit: 1, remaining: 0 } });
    const julyFirst = Date.parse('2026-07-01T00:00:00.000Z');
    expect(monthly.body.error.details.retryAfter).toBe((julyFirst - Date.parse(NOW)) / 1000);
  });

  // divinci-ai/Examples embed/MembershipTiers.md: "Max conversation length - Maximum messages per conversation".
  it('MembershipTiers.md: a conversation at maxConversationLength is refused; a new one goes through', async () => {
    const { auth } = await signIn(KEY_LIMITS, 'talker', 'premium');
    const thread = await openThread(auth);
    for (let i = 0; i < 2; i++) expect((await send(auth, thread, `Q${i}`)).status).toBe(200);
    const refused = await send(auth, thread, 'Third');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { type: 'conversation_length_exceeded', limit: 2, remaining: 0, retryAfter: null, resetAt: null },
    });
    expect(refused.headers.get('retry-after')).toBeNull();
    expect((await raw('GET', `/api/v1/chat/threads/${thread}`, auth)).body.messageCount).toBe(4);
    expect((await send(auth, await openThread(auth), 'Fresh start')).status).toBe(200);
  });
});
