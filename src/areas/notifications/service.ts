// The notifications service: the area's stores, and what an event becomes (a notification, and a
// delivery to every channel a trigger routes it to).
import type { AreaContext, RaisedEvent } from '../../core/area.js';
import { toIso } from '../../core/services.js';
import type { NotificationDelivery, WebhookPayload } from '../../types/notifications.js';
import { ChannelStore, type ChannelRow } from './channel-store.js';
import { DeliveryStore } from './delivery-store.js';
import { NotificationStore } from './store.js';

/** Kinds that never become notifications (too frequent: every chat message). */
const SILENT_KINDS = new Set(['chat.message.stored']);

/** The notification title of each kind; other kinds show the kind itself. */
const TITLES: Record<string, string> = {
  'rag.file.indexed': 'File indexed',
  'rag.file.failed': 'File failed to index',
  'message.flagged': 'Message flagged',
  'feedback.created': 'New feedback',
  'qa.run.finished': 'QA run finished',
  'fine-tune.finished': 'Fine-tune finished',
  'quota.nearly-exhausted': 'Quota nearly exhausted',
  'export.finished': 'Export ready',
  'compliance.request.completed': 'Compliance request completed',
  'onboarding.completed': 'Onboarding completed',
  'crawl.finished': 'Crawl finished',
  'audio.transcribed': 'Audio transcribed',
  'notification.test': 'Test notification',
};

export const titleOf = (kind: string): string => TITLES[kind] ?? kind;

export class NotificationsService {
  readonly notifications: NotificationStore;
  readonly channels: ChannelStore;
  readonly deliveries: DeliveryStore;

  constructor(private readonly ctx: AreaContext) {
    this.notifications = new NotificationStore(ctx.deps);
    this.channels = new ChannelStore(ctx.deps);
    this.deliveries = new DeliveryStore({ deps: ctx.deps, channels: this.channels, outbound: ctx.outbound, mailbox: ctx.mailbox });
  }

  /** The signed body of an event: the same bytes on every attempt. */
  private body(eventId: string, kind: string, workspaceId: string, at: number, data: Record<string, unknown>): string {
    const payload: WebhookPayload = { id: eventId, type: kind, createdAt: toIso(at), workspaceId, data };
    return JSON.stringify(payload);
  }

  /** The hub's listener: every event but the silent ones becomes a notification and fires its triggers. */
  async onEvent(event: RaisedEvent): Promise<void> {
    if (SILENT_KINDS.has(event.kind)) return;
    const tags = [...new Set(event.tags ?? [])];
    const data = { ...event.data, ...(tags.length > 0 && !('tags' in event.data) && { tags }) };
    const notification = await this.notifications.create(event.workspaceId, {
      kind: event.kind,
      title: titleOf(event.kind),
      message: event.message ?? this.defaultMessage(event),
      tags,
      data: event.data,
      createdAt: event.at,
    });
    const eventId = `evt_${notification.id}`;
    const body = this.body(eventId, event.kind, event.workspaceId, event.at, { ...data, notificationId: notification.id });
    for (const channel of await this.channels.channelsFor(event.workspaceId, event.kind, tags)) {
      // An unverified email channel receives nothing.
      if (channel.type === 'email' && Number(channel.verified) !== 1) continue;
      await this.deliveries.enqueue(channel, eventId, event.kind, body);
    }
  }

  private defaultMessage(event: RaisedEvent): string {
    const d = event.data;
    const named = typeof d.title === 'string' ? ` “${d.title}”` : '';
    switch (event.kind) {
      case 'rag.file.indexed':
        return `The file${named} is indexed and searchable.`;
      case 'rag.file.failed':
        return `The file${named} failed to index${typeof d.error === 'string' ? `: ${d.error}` : '.'}`;
      case 'feedback.created':
        return `New feedback on release ${String(d.releaseId ?? '')}.`;
      case 'qa.run.finished':
        return `QA run ${String(d.runId ?? '')} finished: ${String(d.status ?? '')}.`;
      case 'fine-tune.finished':
        return `Fine-tune ${String(d.fineTuneId ?? '')} finished: ${String(d.status ?? '')}.`;
      case 'quota.nearly-exhausted':
        return `A quota passed ${String(d.percent ?? 80)}% of its limit.`;
      default:
        return titleOf(event.kind);
    }
  }

  /** Mails an email channel its verification link (the emulator mailbox; nothing leaves the machine). */
  sendVerification(channel: { id: string; email: string | null; name: string }, token: string, origin: string): void {
    const link = new URL(`/api/v1/notifications/channels/${encodeURIComponent(channel.id)}/verify`, origin);
    link.searchParams.set('token', token);
    this.ctx.mailbox.send({
      to: channel.email as string,
      subject: 'Verify your notification channel',
      text: `Confirm that ${channel.email} should receive notifications (channel ${channel.name}):\n\n${link.toString()}`,
      links: [link.toString()],
    });
  }

  /** A channel's test send: a `notification.test` event to that channel alone, attempted at once. */
  async testSend(channel: ChannelRow): Promise<NotificationDelivery> {
    const at = this.ctx.clock.now();
    const eventId = `evt_${this.ctx.ids.objectId()}`;
    const body = this.body(eventId, 'notification.test', channel.workspace_id, at, { channelId: channel.id, message: 'This is a test delivery.' });
    const queued = await this.deliveries.enqueue(channel, eventId, 'notification.test', body, false);
    await this.deliveries.attempt(queued.id);
    return (await this.deliveries.get(channel.id, queued.id)) as NotificationDelivery;
  }
}
