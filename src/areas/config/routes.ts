// The config routes (emulator-defined) behind `config get, set-title, set-description, export`,
// scoped to the calling workspace (its API key, or x-workspace-id / workspaceId / the only one).
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { ConfigExportSchema, ConfigSchema, SetDescriptionSchema, SetTitleSchema } from './schema.js';
import type { ConfigStore } from './store.js';

const TAG = 'config';

export function configRoutes(store: ConfigStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/config',
      tag: TAG,
      summary: 'The workspace’s title, description, slug, settings and limits',
      auth: { kind: 'workspace', level: 'read', permission: 'whitelabel:read' },
      emulatorDefined: true,
      response: ConfigSchema,
      handler: ({ principal }) => store.get(workspaceOf(principal)),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/config/title',
      tag: TAG,
      summary: 'Set the workspace title (its name)',
      auth: { kind: 'workspace', level: 'admin', permission: 'whitelabel:write' },
      emulatorDefined: true,
      body: SetTitleSchema,
      response: ConfigSchema,
      handler: ({ principal, body }) => store.setTitle(workspaceOf(principal), body.title),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/config/description',
      tag: TAG,
      summary: 'Set the workspace description (empty string or null clears it)',
      auth: { kind: 'workspace', level: 'admin', permission: 'whitelabel:write' },
      emulatorDefined: true,
      body: SetDescriptionSchema,
      response: ConfigSchema,
      handler: ({ principal, body }) => store.setDescription(workspaceOf(principal), body.description),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/config/export',
      tag: TAG,
      summary: 'Export the workspace with members, key metadata, provider credentials, groups and grants; no secrets, no releases',
      auth: { kind: 'workspace', level: 'admin' },
      emulatorDefined: true,
      response: ConfigExportSchema,
      handler: ({ principal }) => store.export(workspaceOf(principal)),
    }),
  ];
}
