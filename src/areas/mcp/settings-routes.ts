// The workspace's tool-server master switch on the workspace mount (REAL-WIRE section 9):
// `POST /white-label/{whitelabelId}/mcp-settings {enabled}` with a member's Bearer token (API keys
// get 403, as everywhere on `/white-label/{ws}/…`), and its read-back.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { forbidden } from '../../core/errors.js';
import { defineRoute, type Principal, type RouteDef } from '../../core/route.js';
import { McpSettingsInputSchema, McpSettingsSchema, type McpSettingsInput } from '../../types/mcp.js';
import type { McpSettingsStore } from './settings-store.js';

const Params = lazySchema(() => z.object({ whitelabelId: z.string().min(1).max(200) }));
const REAL = 'https://sdk.divinci.ai/mcp/whitelabel-servers/ (mcpSettings.enabled, the workspace master switch)';

function memberOnly(principal: Principal): string | null {
  if (principal.kind === 'apiKey') throw forbidden('API keys cannot call the workspace mount: it needs a member\'s access token (Authorization: Bearer <JWT>)');
  return principal.kind === 'user' ? principal.userId : null;
}

export function settingsRoutes(settings: McpSettingsStore): RouteDef[] {
  return [
    defineRoute<McpSettingsInput, undefined, z.infer<typeof Params>>({
      method: 'POST',
      path: '/white-label/:whitelabelId/mcp-settings',
      tag: 'mcp-config',
      summary: 'Turn the workspace\'s tool servers on or off (the master switch; off until set)',
      auth: { kind: 'workspace', level: 'admin', param: 'whitelabelId' },
      realClient: REAL,
      params: Params,
      body: McpSettingsInputSchema,
      response: McpSettingsSchema,
      handler: async ({ principal, params, body }) => {
        const by = memberOnly(principal);
        return settings.set(params.whitelabelId, body.enabled, by);
      },
    }),
    defineRoute<undefined, undefined, z.infer<typeof Params>>({
      method: 'GET',
      path: '/white-label/:whitelabelId/mcp-settings',
      tag: 'mcp-config',
      summary: 'The workspace\'s tool-server master switch',
      auth: { kind: 'workspace', level: 'read', param: 'whitelabelId' },
      emulatorDefined: true,
      params: Params,
      response: McpSettingsSchema,
      handler: async ({ principal, params }) => {
        memberOnly(principal);
        return settings.get(params.whitelabelId);
      },
    }),
  ];
}
