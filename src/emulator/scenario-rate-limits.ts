// A scenario may start with keys part-way through their rate-limit window (`rateLimitUsed`), so a
// test can meet a 429 on its first request. Counters use the core's bucket for a key's own limit.
import { MINUTE_MS, type RateLimiterState } from '../core/rate-limiter.js';
import type { Handles } from '../scenarios/handles.js';
import type { Scenario } from '../scenarios/schema.js';

export function usedRateLimits(scenario: Scenario, handles: Handles, now: number): RateLimiterState {
  const state: RateLimiterState = {};
  const windowStart = now - (now % MINUTE_MS);
  scenario.workspaces.forEach((ws, w) => {
    ws.apiKeys.forEach((key, k) => {
      const id = handles.workspaces[w]?.apiKeys[k]?.id;
      if (id !== undefined && key.rateLimitUsed) state[`key:${id}`] = { windowStart, count: key.rateLimitUsed };
    });
  });
  return state;
}
