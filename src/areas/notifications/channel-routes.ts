// Channel, trigger and delivery-log routes (emulator-defined: the spec names channels, triggers,
// verification, tests and webhook delivery logs but shows no shapes). Served under both mounts.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import {
  NotificationChannelSchema,
  NotificationChannelWithSecretSchema,
  NotificationDeliverySchema,
  NotificationTriggerSchema,
} from '../../types/notifications.js';
import { pageSchema, paginate } from '../workspaces/public.js';
import type { ChannelRow } from './channel-store.js';
import { channelAnswer } from './channel-store.js';
import { badField, channelNotFound, channelNotVerified, deliveryNotFound, notRedeliverable } from './errors.js';
import { MOUNTS, TAG, type Mount } from './mounts.js';
import {
  ChannelParamsSchema,
  CreateChannelSchema,
  DeletedSchema,
  DeliveryListQuerySchema,
  DeliveryParamsSchema,
  UpdateChannelSchema,
  VerifiedSchema,
  VerifyQuerySchema,
} from './schema.js';
import type { NotificationsService } from './service.js';
import { triggerRoutes } from './trigger-routes.js';

const ChannelListSchema = lazySchema(() => pageSchema(NotificationChannelSchema));
const DeliveryListSchema = lazySchema(() => pageSchema(NotificationDeliverySchema));
const PageQuery = lazySchema(() => z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  cursor: z.string().min(1).max(200).optional(),
  workspaceId: z.string().min(1).max(200).optional(),
}));

function channelRoutes(api: NotificationsService, { base, read, write }: Mount): RouteDef[] {
  const { channels, deliveries } = api;
  const one = `${base}/channels/:channelId`;
  const channelOf = async (workspaceId: string, id: string): Promise<ChannelRow> => {
    const row = await channels.row(workspaceId, id);
    if (!row) throw channelNotFound();
    return row;
  };
  return [
    defineRoute({
      method: 'GET',
      path: `${base}/channels`,
      tag: TAG,
      summary: 'List the workspace’s delivery channels (never their secrets)',
      auth: read,
      emulatorDefined: true,
      query: PageQuery,
      response: ChannelListSchema,
      handler: async ({ principal, query }) => paginate(await channels.list(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/channels`,
      tag: TAG,
      summary: 'Create a channel: a webhook (secret of at least 32 characters, given or generated, shown once) or an email address (verified by mail first)',
      auth: write,
      emulatorDefined: true,
      body: CreateChannelSchema,
      response: NotificationChannelWithSecretSchema,
      status: 201,
      handler: async ({ principal, body, request }) => {
        const { channel, verifyToken } = await channels.create(workspaceOf(principal), body);
        if (verifyToken) api.sendVerification(channel, verifyToken, new URL(request.url).origin);
        return channel;
      },
    }),
    defineRoute({
      method: 'GET',
      path: one,
      tag: TAG,
      summary: 'One channel (its secret never)',
      auth: read,
      emulatorDefined: true,
      params: ChannelParamsSchema,
      response: NotificationChannelSchema,
      handler: async ({ principal, params }) => channelAnswer(await channelOf(workspaceOf(principal), params.channelId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: one,
      tag: TAG,
      summary: 'Update a channel (a new email address is verified again)',
      auth: write,
      emulatorDefined: true,
      params: ChannelParamsSchema,
      body: UpdateChannelSchema,
      response: NotificationChannelSchema,
      handler: async ({ principal, params, body, request }) => {
        const row = await channelOf(workspaceOf(principal), params.channelId);
        const webhookOnly = row.type === 'email' ? (['url', 'secret'] as const).find((f) => body[f] !== undefined) : undefined;
        if (webhookOnly) throw badField(`body.${webhookOnly}`, 'Only a webhook channel has this field');
        if (row.type === 'webhook' && body.email !== undefined) throw badField('body.email', 'Only an email channel has this field');
        const { channel, verifyToken } = await channels.update(row, body);
        if (verifyToken) api.sendVerification(channel, verifyToken, new URL(request.url).origin);
        return channel;
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: one,
      tag: TAG,
      summary: 'Delete a channel and its triggers (its queued deliveries give up)',
      auth: write,
      emulatorDefined: true,
      params: ChannelParamsSchema,
      response: DeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await channels.delete(workspaceOf(principal), params.channelId))) throw channelNotFound();
        return { status: 'ok' as const, id: params.channelId };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${one}/test`,
      tag: TAG,
      summary: 'Send a `notification.test` event to the channel now; answers the delivery with its first attempt',
      auth: write,
      emulatorDefined: true,
      params: ChannelParamsSchema,
      body: lazySchema(() => z.object({}).strict()),
      bodyOptional: true,
      response: NotificationDeliverySchema,
      handler: async ({ principal, params }) => {
        const row = await channelOf(workspaceOf(principal), params.channelId);
        if (row.type === 'email' && Number(row.verified) !== 1) throw channelNotVerified();
        return api.testSend(row);
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${one}/deliveries`,
      tag: TAG,
      summary: 'The channel’s delivery log, newest first: each delivery with its attempts, status and next retry',
      auth: read,
      emulatorDefined: true,
      params: ChannelParamsSchema,
      query: DeliveryListQuerySchema,
      response: DeliveryListSchema,
      handler: async ({ principal, params, query }) => {
        const row = await channelOf(workspaceOf(principal), params.channelId);
        return paginate(await deliveries.list(row.id, query.status), query);
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${one}/deliveries/:deliveryId`,
      tag: TAG,
      summary: 'One delivery with its attempts',
      auth: read,
      emulatorDefined: true,
      params: DeliveryParamsSchema,
      response: NotificationDeliverySchema,
      handler: async ({ principal, params }) => {
        const row = await channelOf(workspaceOf(principal), params.channelId);
        const delivery = await deliveries.get(row.id, params.deliveryId);
        if (!delivery) throw deliveryNotFound();
        return delivery;
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${one}/deliveries/:deliveryId/redeliver`,
      tag: TAG,
      summary: 'Send a failed delivery again (same event id, body and idempotency key), with a fresh series of retries',
      auth: write,
      emulatorDefined: true,
      params: DeliveryParamsSchema,
      body: lazySchema(() => z.object({}).strict()),
      bodyOptional: true,
      response: NotificationDeliverySchema,
      status: 202,
      handler: async ({ principal, params }) => {
        const row = await channelOf(workspaceOf(principal), params.channelId);
        const delivery = await deliveries.get(row.id, params.deliveryId);
        if (!delivery) throw deliveryNotFound();
        if (delivery.status !== 'failed') throw notRedeliverable(delivery.status);
        return deliveries.redeliver(delivery.id);
      },
    }),
  ];
}

/** The email verification link (no credentials: it is opened from the mail). */
function verifyRoute(api: NotificationsService): RouteDef {
  return defineRoute({
    method: 'GET',
    path: '/api/v1/notifications/channels/:channelId/verify',
    tag: TAG,
    summary: 'Verify an email channel: the link of its verification mail (read it at /__emulator/mailbox)',
    auth: { kind: 'none' },
    emulatorDefined: true,
    params: lazySchema(() => z.object({ channelId: z.string().min(1).max(200) })),
    query: VerifyQuerySchema,
    response: VerifiedSchema,
    handler: async ({ params, query }) => {
      if (!(await api.channels.verify(params.channelId, query.token))) throw badField('query.token', 'Unknown or already used verification link');
      return { status: 'ok' as const, verified: true as const, channelId: params.channelId };
    },
  });
}

export function notificationChannelRoutes(api: NotificationsService): RouteDef[] {
  return [verifyRoute(api), ...MOUNTS.flatMap((m) => [...channelRoutes(api, m), ...triggerRoutes(api, m)])];
}
