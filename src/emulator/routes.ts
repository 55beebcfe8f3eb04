// Every route the emulator serves, gathered in one place: the control API, then every mounted
// area's routes in list order; the OpenAPI document is computed from the same list (its own route
// included).
import { controlRoutes } from '../control/routes.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import { buildOpenApi, serversFor } from '../openapi/document.js';
import type { World } from './world.js';

export function buildRoutes(world: World): RouteDef[] {
  const routes: RouteDef[] = [...controlRoutes(world), ...world.areas.routes()];
  let document: Record<string, unknown> | undefined;
  routes.push(
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      tag: 'emulator-control',
      summary: 'This OpenAPI 3.1 document',
      auth: { kind: 'none' },
      emulatorDefined: true,
      // Built once; `servers` names the origin this request reached (any port, any MSW baseUrl).
      handler: ({ request }) => ({ ...(document ??= buildOpenApi(routes)), servers: serversFor(new URL(request.url).origin) }),
    }),
  );
  return routes;
}
