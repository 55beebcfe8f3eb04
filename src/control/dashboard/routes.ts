// GET /__emulator/ui: the dashboard page, served by the core like every control route, so the
// standalone server (and the MSW door) answer it; the page itself only calls the JSON control API.
import { defineRoute, type RouteDef } from '../../core/route.js';
import { dashboardHtml } from './page.js';

export function dashboardRoutes(): RouteDef[] {
  let html: string | undefined;
  return [
    defineRoute({
      method: 'GET',
      path: '/__emulator/ui',
      tag: 'emulator-control',
      summary: 'A web dashboard: world switcher, clock, scenario switcher, live request journal (entries open to their masked bodies), fault rules, RAG pipeline state, state browser, token minting and a streaming chat playground',
      auth: { kind: 'none' },
      emulatorDefined: true,
      transactional: false,
      mediaType: 'text/html',
      handler: () =>
        new Response((html ??= dashboardHtml()), {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
        }),
    }),
  ];
}
