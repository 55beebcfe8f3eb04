// The tool-server configuration route through every door on every driver: the release's
// mcpConfig, its per-address minute and day windows across clock moves, and the credential check
// of releases that do not allow anonymous tool-server use.
import { describe, expect, it } from 'vitest';
import { McpConfigSchema } from '../../src/types/releases.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { RKEYS, RNOW, releasesScenario } from '../support/releases-scenario.js';

const MINUTE = 60_000;
const T0 = Date.parse(RNOW);

describe.each(MATRIX)('mcp-config: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: releasesScenario });
  const get = (id: string, headers: Record<string, string> = {}) => door.call('GET', `/api/v1/mcp-config/${id}`, { headers: { 'x-forwarded-for': '203.0.113.7', ...headers } });

  it('answers the release’s mcpConfig without auth, with rate-limit headers', async () => {
    const res = await get('rel_main');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: true, exposedTools: ['search'], mcpRateLimit: { requestsPerMinute: 3, requestsPerDay: 5 }, allowAnonymousMcp: true });
    McpConfigSchema.strict().parse(res.body);
    expect(res.headers.get('ratelimit-limit')).toBe('3');
    expect(res.headers.get('ratelimit-remaining')).toBe('2');
    expect(res.headers.get('ratelimit-reset')).toBe('60');
  });

  it('answers 404 for unknown releases and for configs that are absent or disabled', async () => {
    for (const id of ['rel_nope', 'rel_anon', 'rel_draft']) {
      expect(await get(id).then((r) => [r.status, r.body])).toEqual([404, { error: { code: 'NOT_FOUND', message: 'Tool-server configuration not found', requestId: expect.any(String) } }]);
    }
  });

  it('limits each client address per minute and per day, across clock moves', async () => {
    for (let i = 0; i < 3; i++) expect((await get('rel_main')).status).toBe(200);
    const limited = await get('rel_main');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Tool-server rate limit exceeded', details: { limit: 3, remaining: 0, resetAt: (T0 + MINUTE) / 1000, retryAfter: 60 }, requestId: expect.any(String) },
    });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect((await get('rel_main', { 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
    await door.emulator.clock.advance(30_000);
    expect((await get('rel_main')).headers.get('retry-after')).toBe('30');
    await door.emulator.clock.advance(30_000);
    // A new minute: the day window (5) has seen 5 requests from this address, so it now answers.
    const day = await get('rel_main');
    expect(day.status).toBe(429);
    expect(day.body.error.details).toMatchObject({ limit: 5, remaining: 0 });
    const midnight = Date.UTC(2026, 4, 2);
    expect(day.body.error.details.resetAt).toBe(midnight / 1000);
    expect(day.headers.get('retry-after')).toBe(String((midnight - (T0 + MINUTE)) / 1000));
    await door.emulator.clock.set(midnight);
    const fresh = await get('rel_main');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('requires a Bearer token or an API key of the workspace when anonymous tool-server use is off', async () => {
    const none = await get('rel_req');
    expect(none.status).toBe(401);
    expect(none.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'This tool server needs a Bearer access token or an API key', requestId: expect.any(String) });
    expect((await get('rel_req', { 'x-api-key': RKEYS.full })).body).toEqual({ enabled: true, allowAnonymousMcp: false, allowedScopes: ['tools:read'] });
    expect((await get('rel_req', { authorization: `Bearer ${door.token('u_owner')}` })).status).toBe(200);
    // Presented credentials bind (the tenant rule): another workspace's user or key finds nothing.
    expect((await get('rel_req', { authorization: `Bearer ${door.token('u_other')}` })).status).toBe(404);
    expect((await get('rel_req', { 'x-api-key': RKEYS.other })).status).toBe(404);
    expect((await get('rel_req', { 'x-api-key': `svc_${'Z'.repeat(87)}` })).status).toBe(401);
    expect((await get('rel_req', { authorization: 'Bearer not-a-token' })).status).toBe(401);
    await door.emulator.clock.advance(2 * 3600_000);
    const expired = await get('rel_req', { authorization: `Bearer ${door.token('u_owner')}` });
    expect(expired.body.error.message).toBe('Invalid or expired access token');
  });

  it('follows release updates: disabling the config hides it', async () => {
    await door.fetch('/api/v1/releases/rel_main', {
      method: 'PATCH',
      headers: { 'x-api-key': RKEYS.full, 'content-type': 'application/json' },
      body: JSON.stringify({ mcpConfig: { enabled: false } }),
    });
    expect((await get('rel_main')).status).toBe(404);
  });
});
