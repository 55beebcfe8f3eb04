// Deliveries: one event to one channel, attempted as clock jobs. A webhook attempt is a real HTTP
// POST through ctx.outbound (signed; the same idempotency key on every attempt); a failure retries
// with exponential backoff on the emulator clock, then gives up as `failed`. Email channels put the
// event in the emulator mailbox.
import type { AreaMailbox, OutboundFetch } from '../../core/area.js';
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { DeliveryAttempt, DeliveryStatus, NotificationDelivery } from '../../types/notifications.js';
import type { ChannelRow, ChannelStore } from './channel-store.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signWebhook } from './signature.js';

export const DELIVER_JOB = 'notifications.deliver';
/** Waits before retries 1..5 (30 s, 2 min, 8 min, 32 min, 2 h 8 min): six attempts in all. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 480_000, 1_920_000, 7_680_000];
/** Wall time an attempt may take before it counts as a timeout. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

interface DeliveryRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  channel_id: string;
  event_id: string;
  kind: string;
  body: string;
  status: string;
  attempts: string;
  next_retry_at: number | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

interface StoredAttempt {
  attempt: number;
  at: number;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

function answer(row: DeliveryRow): NotificationDelivery {
  return {
    _id: row.id,
    id: row.id,
    workspaceId: row.workspace_id,
    channelId: row.channel_id,
    eventId: row.event_id,
    kind: row.kind,
    status: row.status as DeliveryStatus,
    attempts: parseJson<StoredAttempt[]>(row.attempts, []).map((a): DeliveryAttempt => ({ ...a, at: toIso(a.at) })),
    nextRetryAt: row.next_retry_at === null ? null : toIso(Number(row.next_retry_at)),
    deliveredAt: row.delivered_at === null ? null : toIso(Number(row.delivered_at)),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

/** Why an outbound call failed, in a line (no stack). */
function reasonOf(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return `timeout: no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ? `network error: ${cause.code}` : `network error: ${err.message}`;
  }
  return 'network error';
}

export interface DeliveryDeps {
  deps: StoreDeps;
  channels: ChannelStore;
  outbound: OutboundFetch;
  mailbox: AreaMailbox;
}

export class DeliveryStore {
  constructor(private readonly d: DeliveryDeps) {}

  private get storage() {
    return this.d.deps.storage;
  }

  private async row(id: string): Promise<DeliveryRow | undefined> {
    return this.storage.get<DeliveryRow>('SELECT * FROM notification_deliveries WHERE id = ?', [id]);
  }

  async get(channelId: string, id: string): Promise<NotificationDelivery | undefined> {
    const row = await this.row(id);
    return row && row.channel_id === channelId ? answer(row) : undefined;
  }

  /** A channel's deliveries, newest first. */
  async list(channelId: string, status?: string): Promise<NotificationDelivery[]> {
    const rows = await this.storage.all<DeliveryRow>('SELECT * FROM notification_deliveries WHERE channel_id = ? ORDER BY seq DESC', [channelId]);
    return rows.map(answer).filter((d) => status === undefined || d.status === status);
  }

  /** Queues a delivery: its first attempt is a clock job due at once (the next tick, request, advance or flush). */
  async enqueue(channel: ChannelRow, eventId: string, kind: string, body: string, scheduleFirst = true): Promise<NotificationDelivery> {
    const now = this.d.deps.clock.now();
    const id = this.d.deps.ids.objectId();
    const next = await this.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM notification_deliveries');
    await this.storage.run(
      `INSERT INTO notification_deliveries (id, seq, workspace_id, channel_id, event_id, kind, body, status, attempts, next_retry_at, delivered_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', '[]', ?, NULL, ?, ?)`,
      [id, Number(next?.seq ?? 1), channel.workspace_id, channel.id, eventId, kind, body, now, now, now],
    );
    if (scheduleFirst) await this.d.deps.scheduler.schedule(DELIVER_JOB, { deliveryId: id }, 0);
    return answer((await this.row(id)) as DeliveryRow);
  }

  /** Sends a failed delivery again: a new attempt at once, then the usual retries. */
  async redeliver(id: string): Promise<NotificationDelivery> {
    const now = this.d.deps.clock.now();
    await this.storage.run("UPDATE notification_deliveries SET status = 'pending', next_retry_at = ?, updated_at = ? WHERE id = ?", [now, now, id]);
    await this.d.deps.scheduler.schedule(DELIVER_JOB, { deliveryId: id, series: (await this.attemptsOf(id)).length }, 0);
    return answer((await this.row(id)) as DeliveryRow);
  }

  private async attemptsOf(id: string): Promise<StoredAttempt[]> {
    return parseJson<StoredAttempt[]>((await this.row(id))?.attempts, []);
  }

  /**
   * One attempt (the job's work). `series` is how many attempts came before the current series
   * (a redelivery starts a new one), so retries count from it. Never throws: a failed attempt is
   * logged, not rolled back.
   */
  async attempt(id: string, series = 0): Promise<void> {
    const row = await this.row(id);
    if (!row || row.status === 'delivered' || row.status === 'failed') return;
    const attempts = parseJson<StoredAttempt[]>(row.attempts, []);
    const number = attempts.length + 1;
    const clock = this.d.deps.clock;
    const started = clock.now();
    const channel = await this.d.channels.rowById(row.channel_id);
    let statusCode: number | null = null;
    let error: string | null = null;
    let final = false;
    if (!channel || Number(channel.enabled) !== 1) {
      error = channel ? 'channel disabled' : 'channel deleted';
      final = true;
    } else if (channel.type === 'email') {
      if (Number(channel.verified) !== 1) {
        error = 'email channel not verified';
        final = true;
      } else this.mail(channel, row);
    } else {
      ({ statusCode, error } = await this.post(channel, row, started));
    }
    const now = clock.now();
    const ok = error === null && (statusCode === null || (statusCode >= 200 && statusCode < 300));
    if (!ok && error === null) error = `receiver answered ${statusCode}`;
    attempts.push({ attempt: number, at: started, statusCode, error, latencyMs: Math.max(0, now - started) });
    const retry = number - series - 1;
    const delay = ok || final ? undefined : RETRY_DELAYS_MS[retry];
    const status: DeliveryStatus = ok ? 'delivered' : delay === undefined ? 'failed' : 'retrying';
    await this.storage.run('UPDATE notification_deliveries SET status = ?, attempts = ?, next_retry_at = ?, delivered_at = ?, updated_at = ? WHERE id = ?', [
      status,
      JSON.stringify(attempts),
      delay === undefined ? null : now + delay,
      ok ? now : null,
      now,
      id,
    ]);
    if (delay !== undefined) await this.d.deps.scheduler.schedule(DELIVER_JOB, { deliveryId: id, series }, delay);
  }

  private async post(channel: ChannelRow, row: DeliveryRow, started: number): Promise<{ statusCode: number | null; error: string | null }> {
    const timestamp = Math.floor(started / 1000);
    try {
      const res = await this.d.outbound(channel.url as string, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'service-emulator-webhooks/1',
          [EVENT_ID_HEADER]: row.event_id,
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signWebhook(channel.secret ?? '', timestamp, row.body),
          'idempotency-key': row.id,
        },
        body: row.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      // Read the answer whole so the connection is freed; its body is not kept.
      await res.arrayBuffer().catch(() => undefined);
      return { statusCode: res.status, error: null };
    } catch (err) {
      return { statusCode: null, error: reasonOf(err) };
    }
  }

  private mail(channel: ChannelRow, row: DeliveryRow): void {
    const payload = parseJson<{ type?: string; data?: Record<string, unknown> }>(row.body, {});
    this.d.mailbox.send({
      to: channel.email as string,
      subject: `[notification] ${payload.type ?? row.kind}`,
      text: `Event ${row.event_id} (${row.kind}) in workspace ${row.workspace_id}:\n\n${JSON.stringify(payload.data ?? {}, null, 2)}`,
      links: [],
    });
  }
}
