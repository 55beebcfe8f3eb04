// Delivery channels (email | webhook) and the triggers that route events to them. A webhook secret
// is answered once, on create; reads show its last four characters only.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { NotificationChannel, NotificationChannelWithSecret, NotificationTrigger } from '../../types/notifications.js';
import type { CreateChannelInput, UpdateChannelInput } from './schema.js';

export interface ChannelRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  type: string;
  name: string;
  url: string | null;
  email: string | null;
  secret: string | null;
  verified: number;
  verify_token: string | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

interface TriggerRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  channel_id: string;
  tag: string | null;
  kinds: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export function channelAnswer(row: ChannelRow): NotificationChannel {
  return {
    _id: row.id,
    id: row.id,
    workspaceId: row.workspace_id,
    type: row.type as NotificationChannel['type'],
    name: row.name,
    url: row.url,
    email: row.email,
    verified: Number(row.verified) === 1,
    enabled: Number(row.enabled) === 1,
    secretHint: row.secret === null ? null : row.secret.slice(-4),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

function triggerAnswer(row: TriggerRow): NotificationTrigger {
  return {
    _id: row.id,
    id: row.id,
    workspaceId: row.workspace_id,
    channelId: row.channel_id,
    tag: row.tag,
    kinds: parseJson<string[]>(row.kinds, []),
    enabled: Number(row.enabled) === 1,
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

export interface ChannelSeed {
  id?: string;
  verified?: boolean;
}

export class ChannelStore {
  constructor(private readonly deps: StoreDeps) {}

  private async nextSeq(table: string): Promise<number> {
    const next = await this.deps.storage.get<{ seq: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM ${table}`);
    return Number(next?.seq ?? 1);
  }

  async row(workspaceId: string, id: string): Promise<ChannelRow | undefined> {
    return this.deps.storage.get<ChannelRow>('SELECT * FROM notification_channels WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  /** A channel by id alone (delivery jobs carry no workspace). */
  async rowById(id: string): Promise<ChannelRow | undefined> {
    return this.deps.storage.get<ChannelRow>('SELECT * FROM notification_channels WHERE id = ?', [id]);
  }

  async list(workspaceId: string): Promise<NotificationChannel[]> {
    const rows = await this.deps.storage.all<ChannelRow>('SELECT * FROM notification_channels WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map(channelAnswer);
  }

  /** Creates a channel; a webhook's secret is the one given or a seeded one, answered this once. */
  async create(workspaceId: string, input: CreateChannelInput, seed: ChannelSeed = {}): Promise<{ channel: NotificationChannelWithSecret; verifyToken: string | null }> {
    const now = this.deps.clock.now();
    const id = seed.id ?? this.deps.ids.objectId();
    const webhook = input.type === 'webhook';
    const secret = webhook ? (input.secret ?? this.deps.ids.token('whsec', 40)) : null;
    const verified = webhook || seed.verified === true;
    const verifyToken = verified ? null : this.deps.ids.base62(32);
    await this.deps.storage.run(
      `INSERT INTO notification_channels (id, seq, workspace_id, type, name, url, email, secret, verified, verify_token, enabled, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        await this.nextSeq('notification_channels'),
        workspaceId,
        input.type,
        input.name ?? (webhook ? input.url : input.email),
        webhook ? input.url : null,
        webhook ? null : input.email,
        secret,
        verified ? 1 : 0,
        verifyToken,
        input.enabled === false ? 0 : 1,
        now,
        now,
      ],
    );
    const row = (await this.row(workspaceId, id)) as ChannelRow;
    return { channel: { ...channelAnswer(row), secret }, verifyToken };
  }

  /** Updates a channel; a new email address starts unverified again (answers its new token). */
  async update(row: ChannelRow, input: UpdateChannelInput): Promise<{ channel: NotificationChannel; verifyToken: string | null }> {
    const newEmail = input.email !== undefined && input.email !== row.email;
    const verifyToken = newEmail ? this.deps.ids.base62(32) : null;
    await this.deps.storage.run(
      `UPDATE notification_channels SET name = ?, url = ?, email = ?, secret = ?, enabled = ?, verified = ?, verify_token = ?, updated_at = ? WHERE id = ?`,
      [
        input.name ?? row.name,
        input.url ?? row.url,
        input.email ?? row.email,
        input.secret ?? row.secret,
        input.enabled === undefined ? row.enabled : input.enabled ? 1 : 0,
        newEmail ? 0 : row.verified,
        newEmail ? verifyToken : row.verify_token,
        this.deps.clock.now(),
        row.id,
      ],
    );
    return { channel: channelAnswer((await this.row(row.workspace_id, row.id)) as ChannelRow), verifyToken };
  }

  /** Marks an email channel verified when the token is its own; false otherwise. */
  async verify(id: string, token: string): Promise<ChannelRow | undefined> {
    const row = await this.rowById(id);
    if (!row || row.verify_token === null || row.verify_token !== token) return undefined;
    await this.deps.storage.run('UPDATE notification_channels SET verified = 1, verify_token = NULL, updated_at = ? WHERE id = ?', [this.deps.clock.now(), id]);
    return row;
  }

  /** Deletes a channel and its triggers. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM notification_channels WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    if (changes > 0) await this.deps.storage.run('DELETE FROM notification_triggers WHERE workspace_id = ? AND channel_id = ?', [workspaceId, id]);
    return changes > 0;
  }

  // Triggers

  async triggers(workspaceId: string): Promise<NotificationTrigger[]> {
    const rows = await this.deps.storage.all<TriggerRow>('SELECT * FROM notification_triggers WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map(triggerAnswer);
  }

  async trigger(workspaceId: string, id: string): Promise<NotificationTrigger | undefined> {
    const row = await this.deps.storage.get<TriggerRow>('SELECT * FROM notification_triggers WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return row ? triggerAnswer(row) : undefined;
  }

  async createTrigger(workspaceId: string, input: { id?: string; channelId: string; tag?: string | null; kinds?: string[]; enabled?: boolean }): Promise<NotificationTrigger> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    await this.deps.storage.run(
      `INSERT INTO notification_triggers (id, seq, workspace_id, channel_id, tag, kinds, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, await this.nextSeq('notification_triggers'), workspaceId, input.channelId, input.tag ?? null, JSON.stringify([...new Set(input.kinds ?? [])]), input.enabled === false ? 0 : 1, now, now],
    );
    return (await this.trigger(workspaceId, id)) as NotificationTrigger;
  }

  async updateTrigger(current: NotificationTrigger, input: { channelId?: string; tag?: string | null; kinds?: string[]; enabled?: boolean }): Promise<NotificationTrigger> {
    await this.deps.storage.run('UPDATE notification_triggers SET channel_id = ?, tag = ?, kinds = ?, enabled = ?, updated_at = ? WHERE id = ?', [
      input.channelId ?? current.channelId,
      input.tag === undefined ? current.tag : input.tag,
      JSON.stringify([...new Set(input.kinds ?? current.kinds)]),
      (input.enabled ?? current.enabled) ? 1 : 0,
      this.deps.clock.now(),
      current.id,
    ]);
    return (await this.trigger(current.workspaceId, current.id)) as NotificationTrigger;
  }

  async deleteTrigger(workspaceId: string, id: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM notification_triggers WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return changes > 0;
  }

  /** The enabled channels an event reaches: triggers on one of its tags or on its kind, in trigger order, each channel once. */
  async channelsFor(workspaceId: string, kind: string, tags: string[]): Promise<ChannelRow[]> {
    const ids: string[] = [];
    for (const t of await this.triggers(workspaceId)) {
      if (!t.enabled) continue;
      if ((t.tag !== null && tags.includes(t.tag)) || t.kinds.includes(kind)) if (!ids.includes(t.channelId)) ids.push(t.channelId);
    }
    const rows: ChannelRow[] = [];
    for (const id of ids) {
      const row = await this.row(workspaceId, id);
      if (row && Number(row.enabled) === 1) rows.push(row);
    }
    return rows;
  }
}
