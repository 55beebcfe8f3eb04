// Brute-force protection for key validation: failures per client address in a sliding window,
// and lockouts, kept in storage so resets, snapshots and exports carry them.
import type { StoreDeps } from '../../core/services.js';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
  lockoutMs: number;
}

export class LockoutStore {
  constructor(private readonly deps: StoreDeps) {}

  /** When the address's lockout ends (epoch ms), if it is locked out now. */
  async lockedUntil(ip: string): Promise<number | undefined> {
    const row = await this.deps.storage.get<{ locked_until: number }>('SELECT locked_until FROM ip_lockouts WHERE ip = ?', [ip]);
    const until = row ? Number(row.locked_until) : undefined;
    return until !== undefined && until > this.deps.clock.now() ? until : undefined;
  }

  /** Records a failure; the one that reaches the limit inside the window starts a lockout. */
  async recordFailure(ip: string, policy: LockoutPolicy): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.storage.run('INSERT INTO auth_failures (id, ip, at) VALUES (?, ?, ?)', [this.deps.ids.objectId(), ip, now]);
    await this.deps.storage.run('DELETE FROM auth_failures WHERE ip = ? AND at <= ?', [ip, now - policy.windowMs]);
    const row = await this.deps.storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM auth_failures WHERE ip = ?', [ip]);
    if (Number(row?.n ?? 0) < policy.maxFailures) return;
    await this.deps.storage.run(
      `INSERT INTO ip_lockouts (ip, locked_until) VALUES (?, ?)
       ON CONFLICT (ip) DO UPDATE SET locked_until = ?`,
      [ip, now + policy.lockoutMs, now + policy.lockoutMs],
    );
    await this.deps.storage.run('DELETE FROM auth_failures WHERE ip = ?', [ip]);
  }
}
