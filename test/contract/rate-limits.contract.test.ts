// API-key rate limits and key expiry on the emulator clock, through every door on every driver.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const FEATURE_KEY = `svc_${'F'.repeat(87)}`;
const OWN_LIMIT_KEY = `svc_${'K'.repeat(87)}`;
const EXPIRING_KEY = `svc_${'E'.repeat(87)}`;

const scenario = {
  name: 'limits',
  seed: 9,
  now: '2026-03-01T10:00:30.000Z',
  users: [{ id: 'u1' }],
  workspaces: [
    {
      id: 'ws1',
      name: 'Limits',
      ownerId: 'u1',
      apiKeys: [
        { id: 'k_feature', name: 'feature-limited', secret: FEATURE_KEY },
        { id: 'k_own', name: 'own limit', secret: OWN_LIMIT_KEY, rateLimit: 2 },
        { id: 'k_exp', name: 'expiring', secret: EXPIRING_KEY, expiresAt: '2026-03-01T11:00:00.000Z' },
      ],
    },
  ],
  settings: { rateLimits: { transcripts: { perMinute: 3 } } },
};

interface RateEnvelope {
  error: { code: string; details: { limit: number; remaining: number; resetAt: number; retryAfter: number } };
}

describe.each(MATRIX)('rate limits and expiry: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario });
  const list = (key: string) => door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': key } });

  it('counts each key per feature in fixed one-minute windows and answers 429 with details and headers', async () => {
    const answers = [await list(FEATURE_KEY), await list(FEATURE_KEY), await list(FEATURE_KEY)];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);
    expect(answers[0]!.headers.get('ratelimit-limit')).toBe('3');
    expect(answers[0]!.headers.get('ratelimit-reset')).toBe('30');

    const limited = await list(FEATURE_KEY);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const body = (await limited.json()) as RateEnvelope;
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.details).toEqual({ limit: 3, remaining: 0, resetAt: Date.parse('2026-03-01T10:01:00.000Z') / 1000, retryAfter: 30 });

    // Another key has its own window.
    expect((await list(EXPIRING_KEY)).status).toBe(200);
    // The window ends on the emulator clock.
    await door.emulator.clock.advance(29_000);
    expect((await list(FEATURE_KEY)).status).toBe(429);
    await door.emulator.clock.advance(1_000);
    const fresh = await list(FEATURE_KEY);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('applies a key’s own per-minute limit across features, whichever is exhausted first', async () => {
    expect((await list(OWN_LIMIT_KEY)).status).toBe(200);
    const second = await door.fetch('/api/v1/service-agent/transcript/nope/messages', { headers: { 'x-api-key': OWN_LIMIT_KEY } });
    expect(second.status).toBe(404);
    const third = await list(OWN_LIMIT_KEY);
    expect(third.status).toBe(429);
    expect(((await third.json()) as RateEnvelope).error.details.limit).toBe(2);
  });

  it('expires a key when the clock passes its expiresAt', async () => {
    expect((await list(EXPIRING_KEY)).status).toBe(200);
    await door.emulator.clock.set('2026-03-01T11:00:00.000Z');
    const expired = await list(EXPIRING_KEY);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'API key has expired', requestId: expect.any(String) } });
  });

  it('starts every window afresh after a reset', async () => {
    for (let i = 0; i < 3; i++) await list(FEATURE_KEY);
    expect((await list(FEATURE_KEY)).status).toBe(429);
    await door.emulator.reset();
    expect((await list(FEATURE_KEY)).status).toBe(200);
  });
});
