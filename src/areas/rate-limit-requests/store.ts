// Rate-limit requests: pending until a platform admin decides. Approval writes the key's limits
// (`rate_limit` per minute, `rate_limit_per_day`) in the same transaction as the decision.
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import { alreadyDecided, keyNotActive, keyNotFound, requestNotFound } from './errors.js';
import type { CreateRateLimitRequestInput, DecideInput, RateLimitRequest } from './schema.js';

interface RequestRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  key_id: string;
  requests_per_minute: number | null;
  requests_per_day: number | null;
  status: string;
  reason: string | null;
  requested_by: string | null;
  created_at: number;
  decided_at: number | null;
  decided_by: string | null;
  decision_reason: string | null;
}

const num = (value: number | null) => (value === null ? null : Number(value));

const answer = (row: RequestRow): RateLimitRequest => ({
  id: row.id,
  keyId: row.key_id,
  workspaceId: row.workspace_id,
  requestsPerMinute: num(row.requests_per_minute),
  requestsPerDay: num(row.requests_per_day),
  status: row.status as RateLimitRequest['status'],
  reason: row.reason,
  ...(row.requested_by !== null && { requestedBy: row.requested_by }),
  createdAt: toIso(Number(row.created_at)),
  ...(row.decided_at !== null && { decidedAt: toIso(Number(row.decided_at)) }),
  ...(row.decided_by !== null && { decidedBy: row.decided_by }),
  ...(row.decision_reason !== null && { decisionReason: row.decision_reason }),
});

export class RateLimitRequestStore {
  constructor(private readonly deps: StoreDeps) {}

  /** Requests of one workspace, or of all (workspaceId null), optionally of one status; oldest first. */
  async list(workspaceId: string | null, status?: string): Promise<RateLimitRequest[]> {
    const where: string[] = [];
    const params: string[] = [];
    if (workspaceId !== null) {
      where.push('workspace_id = ?');
      params.push(workspaceId);
    }
    if (status !== undefined) {
      where.push('status = ?');
      params.push(status);
    }
    const sql = `SELECT * FROM rate_limit_requests${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY seq`;
    return (await this.deps.storage.all<RequestRow>(sql, params)).map(answer);
  }

  private async activeKey(workspaceId: string, keyId: string): Promise<void> {
    const key = await this.deps.storage.get<{ status: string; expires_at: number | null }>(
      'SELECT status, expires_at FROM api_keys WHERE id = ? AND workspace_id = ?',
      [keyId, workspaceId],
    );
    if (!key) throw keyNotFound();
    const expired = key.expires_at !== null && Number(key.expires_at) <= this.deps.clock.now();
    if (key.status !== 'active' || expired) throw keyNotActive(keyId);
  }

  async create(workspaceId: string, input: CreateRateLimitRequestInput, requestedBy: string | undefined): Promise<RateLimitRequest> {
    await this.activeKey(workspaceId, input.keyId);
    const row: RequestRow = {
      id: this.deps.ids.objectId(),
      workspace_id: workspaceId,
      key_id: input.keyId,
      requests_per_minute: input.requestsPerMinute ?? null,
      requests_per_day: input.requestsPerDay ?? null,
      status: 'pending',
      reason: input.reason ?? null,
      requested_by: requestedBy ?? null,
      created_at: this.deps.clock.now(),
      decided_at: null,
      decided_by: null,
      decision_reason: null,
    };
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM rate_limit_requests');
    await this.deps.storage.run(
      `INSERT INTO rate_limit_requests (id, seq, workspace_id, key_id, requests_per_minute, requests_per_day, status, reason, requested_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
      [row.id, Number(next?.seq ?? 1), workspaceId, row.key_id, row.requests_per_minute, row.requests_per_day, row.reason, row.requested_by, row.created_at],
    );
    return answer(row);
  }

  /** Approves or denies a pending request; approval sets the key's limits. */
  async decide(id: string, decision: DecideInput, decidedBy: string): Promise<RateLimitRequest> {
    const row = await this.deps.storage.get<RequestRow>('SELECT * FROM rate_limit_requests WHERE id = ?', [id]);
    if (!row) throw requestNotFound();
    if (row.status !== 'pending') throw alreadyDecided(row.status);
    if (decision.status === 'approved') {
      await this.activeKey(row.workspace_id, row.key_id);
      if (row.requests_per_minute !== null) {
        await this.deps.storage.run('UPDATE api_keys SET rate_limit = ? WHERE id = ?', [Number(row.requests_per_minute), row.key_id]);
      }
      if (row.requests_per_day !== null) {
        await this.deps.storage.run('UPDATE api_keys SET rate_limit_per_day = ? WHERE id = ?', [Number(row.requests_per_day), row.key_id]);
      }
    }
    const now = this.deps.clock.now();
    await this.deps.storage.run('UPDATE rate_limit_requests SET status = ?, decided_at = ?, decided_by = ?, decision_reason = ? WHERE id = ?', [
      decision.status,
      now,
      decidedBy,
      decision.reason ?? null,
      id,
    ]);
    return answer({ ...row, status: decision.status, decided_at: now, decided_by: decidedBy, decision_reason: decision.reason ?? null });
  }
}
