// Trigger routes (emulator-defined): a trigger routes events to a channel by tag (a flagger's
// notificationTags) and/or by event kind.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { NotificationTriggerSchema, type NotificationTrigger } from '../../types/notifications.js';
import { pageSchema, paginate } from '../workspaces/public.js';
import { badField, triggerNotFound } from './errors.js';
import { TAG, type Mount } from './mounts.js';
import { CreateTriggerSchema, DeletedSchema, TriggerParamsSchema, UpdateTriggerSchema } from './schema.js';
import type { NotificationsService } from './service.js';

const PageQuery = lazySchema(() => z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  cursor: z.string().min(1).max(200).optional(),
  workspaceId: z.string().min(1).max(200).optional(),
}));

export function triggerRoutes(api: NotificationsService, { base, read, write }: Mount): RouteDef[] {
  const { channels } = api;
  const one = `${base}/triggers/:triggerId`;
  const ownChannel = async (workspaceId: string, channelId: string | undefined): Promise<void> => {
    if (channelId !== undefined && !(await channels.row(workspaceId, channelId))) throw badField('body.channelId', 'No such channel in this workspace');
  };
  const found = (t: NotificationTrigger | undefined): NotificationTrigger => {
    if (!t) throw triggerNotFound();
    return t;
  };
  return [
    defineRoute({
      method: 'GET',
      path: `${base}/triggers`,
      tag: TAG,
      summary: 'List the workspace’s triggers',
      auth: read,
      emulatorDefined: true,
      query: PageQuery,
      response: lazySchema(() => pageSchema(NotificationTriggerSchema)),
      handler: async ({ principal, query }) => paginate(await channels.triggers(workspaceOf(principal)), query),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/triggers`,
      tag: TAG,
      summary: 'Create a trigger: events carrying `tag`, or of one of `kinds`, go to `channelId`',
      auth: write,
      emulatorDefined: true,
      body: CreateTriggerSchema,
      response: NotificationTriggerSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        await ownChannel(workspaceOf(principal), body.channelId);
        return channels.createTrigger(workspaceOf(principal), body);
      },
    }),
    defineRoute({
      method: 'GET',
      path: one,
      tag: TAG,
      summary: 'One trigger',
      auth: read,
      emulatorDefined: true,
      params: TriggerParamsSchema,
      response: NotificationTriggerSchema,
      handler: async ({ principal, params }) => found(await channels.trigger(workspaceOf(principal), params.triggerId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: one,
      tag: TAG,
      summary: 'Update a trigger',
      auth: write,
      emulatorDefined: true,
      params: TriggerParamsSchema,
      body: UpdateTriggerSchema,
      response: NotificationTriggerSchema,
      handler: async ({ principal, params, body }) => {
        const current = found(await channels.trigger(workspaceOf(principal), params.triggerId));
        await ownChannel(workspaceOf(principal), body.channelId);
        const tag = body.tag === undefined ? current.tag : body.tag;
        if (tag === null && (body.kinds ?? current.kinds).length === 0) throw badField('body.tag', 'A trigger names a tag, event kinds, or both');
        return channels.updateTrigger(current, body);
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: one,
      tag: TAG,
      summary: 'Delete a trigger',
      auth: write,
      emulatorDefined: true,
      params: TriggerParamsSchema,
      response: DeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await channels.deleteTrigger(workspaceOf(principal), params.triggerId))) throw triggerNotFound();
        return { status: 'ok' as const, id: params.triggerId };
      },
    }),
  ];
}
