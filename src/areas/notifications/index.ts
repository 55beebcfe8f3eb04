// The notifications area (spec tag `notifications`) as a module of the list: notifications made from
// the world's events, delivery channels, triggers, and webhook deliveries retried on the clock.
import { defineArea } from '../../core/area.js';
import { notificationChannelRoutes } from './channel-routes.js';
import { DELIVER_JOB } from './delivery-store.js';
import { notificationCollectionRoutes, notificationItemRoutes } from './routes.js';
import { NotificationsSectionSchema, loadNotifications, shiftNotifications, type NotificationsSection } from './scenario.js';
import { NotificationsService } from './service.js';
import { NOTIFICATION_TABLES } from './tables.js';

export { NotificationsService } from './service.js';

declare module '../../core/area.js' {
  interface AreaApis {
    notifications: NotificationsService;
  }
}

export const notificationsArea = defineArea<NotificationsService, NotificationsSection>({
  name: 'notifications',
  tables: NOTIFICATION_TABLES,
  create: (ctx) => {
    const service = new NotificationsService(ctx);
    ctx.events.on((event) => service.onEvent(event));
    return service;
  },
  // Fixed paths (count, read-all, channels, triggers) before `…/:notificationId`: the first match wins.
  routes: (api) => [...notificationCollectionRoutes(api), ...notificationChannelRoutes(api), ...notificationItemRoutes(api)],
  jobs: (api) => ({ [DELIVER_JOB]: (payload) => api.deliveries.attempt(String(payload.deliveryId), Number(payload.series ?? 0)) }),
  scenario: {
    key: 'notifications',
    schema: NotificationsSectionSchema,
    load: (section, at, api) => loadNotifications(section, at.workspaceId, at.now, api),
    shift: shiftNotifications,
  },
});
