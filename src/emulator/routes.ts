// Every route table the emulator serves, gathered in one place: the core mounts them, and the
// OpenAPI document is computed from the same list (including its own route).
import { transcriptRoutes } from '../areas/transcripts/routes.js';
import { oauthRoutes } from '../areas/oauth/routes.js';
import { embedAuthRoutes } from '../areas/embed-auth/routes.js';
import { apiKeyRoutes } from '../areas/api-keys/routes.js';
import { quotaRoutes } from '../areas/tiers/routes.js';
import { ragFileRoutes } from '../areas/rag-files/routes.js';
import { ragUploadRoutes } from '../areas/rag-files/upload-routes.js';
import { ragSearchRoutes } from '../areas/rag-search/routes.js';
import { ragTargetRoutes } from '../areas/rag-targets/routes.js';
import { ragGroupRoutes } from '../areas/rag-targets/group-routes.js';
import { controlRoutes } from '../control/routes.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import { buildOpenApi, serversFor } from '../openapi/document.js';
import { identityRoutes } from './identity.js';
import { releaseAreaRoutes } from './releases.js';
import { chatRoutes } from './chat.js';
import type { World } from './world.js';

export function buildRoutes(world: World): RouteDef[] {
  const { transcripts } = world.stores;
  const routes: RouteDef[] = [
    ...controlRoutes(world),
    ...transcriptRoutes(transcripts),
    ...ragFileRoutes(world.stores.rag),
    ...ragUploadRoutes(world.stores.rag),
    ...ragTargetRoutes(world.stores.rag, world.vectorIndexes),
    ...ragGroupRoutes(world.stores.rag.targets),
    ...ragSearchRoutes(world.stores.ragSearch, world.stores.rag.targets, world.stores.rag.files),
    ...embedAuthRoutes(world.embedAuth),
    ...apiKeyRoutes(world.stores.apiKeys, world.stores.embedSessions),
    ...quotaRoutes(world.embedAuth, world.stores.releases),
    ...oauthRoutes({ store: world.stores.oauth, clients: world.stores.oauthClients, settings: () => world.settings.oauth, signer: () => world.signer }),
    ...identityRoutes(world),
    ...releaseAreaRoutes(world),
    ...chatRoutes(world),
    ...world.areas.routes(),
  ];
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
