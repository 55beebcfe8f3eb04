// The notification routes (the client SDK's documented surface): list with `isRead` and `limit`
// answering `{docs, pagination}`, counts `{unread}`, mark read (one and all), tags, notes.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { NotificationCountSchema, NotificationListSchema, NotificationNoteSchema, NotificationSchema, type Notification } from '../../types/notifications.js';
import { noteNotFound, notificationNotFound } from './errors.js';
import { MOUNTS, OBSERVABILITY, TAG, authorOf, type Mount } from './mounts.js';
import {
  AddNoteSchema,
  DeletedSchema,
  MarkReadSchema,
  NoteParamsSchema,
  NotificationListQuerySchema,
  NotificationParamsSchema,
  ReadAllSchema,
  SetTagsSchema,
  WorkspaceQuerySchema,
} from './schema.js';
import type { NotificationsService } from './service.js';
import { z } from 'zod';

const found = (n: Notification | undefined): Notification => {
  if (!n) throw notificationNotFound();
  return n;
};

const NotesSchema = lazySchema(() => z.object({ data: z.array(NotificationNoteSchema), total: z.number().int().nonnegative() }));

/** The routes that name no notification: they go before `…/:notificationId`, whose pattern would match them. */
function collectionRoutes(api: NotificationsService, { base, read, write }: Mount): RouteDef[] {
  const store = api.notifications;
  return [
    defineRoute({
      method: 'GET',
      path: base,
      tag: TAG,
      summary: 'List the workspace’s notifications, newest first (`isRead`, `limit`, `page`, `kind`, `tag`)',
      auth: read,
      realClient: OBSERVABILITY,
      query: NotificationListQuerySchema,
      response: NotificationListSchema,
      handler: ({ principal, query }) => store.list(workspaceOf(principal), query),
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/count`,
      tag: TAG,
      summary: 'How many notifications are unread (and in all)',
      auth: read,
      realClient: OBSERVABILITY,
      query: WorkspaceQuerySchema,
      response: NotificationCountSchema,
      handler: ({ principal }) => store.counts(workspaceOf(principal)),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/read-all`,
      tag: TAG,
      summary: 'Mark every notification of the workspace read',
      auth: write,
      realClient: OBSERVABILITY,
      body: lazySchema(() => z.object({}).strict()),
      bodyOptional: true,
      response: ReadAllSchema,
      handler: async ({ principal }) => ({ status: 'ok' as const, updated: await store.markAllRead(workspaceOf(principal)) }),
    }),
  ];
}

function itemRoutes(api: NotificationsService, { base, read, write }: Mount): RouteDef[] {
  const store = api.notifications;
  const one = `${base}/:notificationId`;
  return [
    defineRoute({
      method: 'GET',
      path: one,
      tag: TAG,
      summary: 'One notification',
      auth: read,
      realClient: OBSERVABILITY,
      params: NotificationParamsSchema,
      response: NotificationSchema,
      handler: async ({ principal, params }) => found(await store.get(workspaceOf(principal), params.notificationId)),
    }),
    defineRoute({
      method: 'DELETE',
      path: one,
      tag: TAG,
      summary: 'Delete a notification',
      auth: write,
      emulatorDefined: true,
      params: NotificationParamsSchema,
      response: DeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.notificationId))) throw notificationNotFound();
        return { status: 'ok' as const, id: params.notificationId };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${one}/read`,
      tag: TAG,
      summary: 'Mark a notification read (or unread with `{isRead: false}`)',
      auth: write,
      realClient: OBSERVABILITY,
      params: NotificationParamsSchema,
      body: MarkReadSchema,
      bodyOptional: true,
      response: NotificationSchema,
      handler: async ({ principal, params, body }) => found(await store.markRead(workspaceOf(principal), params.notificationId, body.isRead)),
    }),
    defineRoute({
      method: 'PUT',
      path: `${one}/tags`,
      tag: TAG,
      summary: 'Set a notification’s tags (replaces them)',
      auth: write,
      realClient: OBSERVABILITY,
      params: NotificationParamsSchema,
      body: SetTagsSchema,
      response: NotificationSchema,
      handler: async ({ principal, params, body }) => found(await store.setTags(workspaceOf(principal), params.notificationId, body.tags)),
    }),
    defineRoute({
      method: 'GET',
      path: `${one}/notes`,
      tag: TAG,
      summary: 'A notification’s notes, oldest first',
      auth: read,
      realClient: OBSERVABILITY,
      params: NotificationParamsSchema,
      response: NotesSchema,
      handler: async ({ principal, params }) => {
        const notes = found(await store.get(workspaceOf(principal), params.notificationId)).notes;
        return { data: notes, total: notes.length };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${one}/notes`,
      tag: TAG,
      summary: 'Add a note to a notification',
      auth: write,
      realClient: OBSERVABILITY,
      params: NotificationParamsSchema,
      body: AddNoteSchema,
      response: NotificationNoteSchema,
      status: 201,
      handler: async ({ principal, params, body }) => {
        const note = await store.addNote(workspaceOf(principal), params.notificationId, body.text, authorOf(principal));
        if (!note) throw notificationNotFound();
        return note;
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${one}/notes/:noteId`,
      tag: TAG,
      summary: 'Delete a note of a notification',
      auth: write,
      realClient: OBSERVABILITY,
      params: NoteParamsSchema,
      response: DeletedSchema,
      handler: async ({ principal, params }) => {
        const outcome = await store.deleteNote(workspaceOf(principal), params.notificationId, params.noteId);
        if (outcome === 'missing') throw notificationNotFound();
        if (outcome === 'no-note') throw noteNotFound();
        return { status: 'ok' as const, id: params.noteId };
      },
    }),
  ];
}

export const notificationCollectionRoutes = (api: NotificationsService): RouteDef[] => MOUNTS.flatMap((m) => collectionRoutes(api, m));
export const notificationItemRoutes = (api: NotificationsService): RouteDef[] => MOUNTS.flatMap((m) => itemRoutes(api, m));
