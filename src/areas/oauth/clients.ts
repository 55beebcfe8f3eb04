// OAuth clients: the built-in public clients, the scenario's own, and which redirect URIs each
// may use. Loopback URIs on any port are allowed for every client (RFC 8252 §7.3).
import type { OAuthSettings } from './schema.js';

export interface OAuthClient {
  clientId: string;
  name: string;
  redirectUris: string[];
}

/** Public clients every scenario has: the command-line tool and the tool-server (MCP) library. */
export const BUILT_IN_CLIENTS: readonly OAuthClient[] = [
  { clientId: 'service-cli', name: 'Command-line tool', redirectUris: [] },
  { clientId: 'service-mcp', name: 'Tool-server (MCP) library', redirectUris: [] },
];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The client with this id, its redirect URIs merged from the built-ins and the scenario. */
export function findClient(clientId: string, settings: OAuthSettings): OAuthClient | undefined {
  const entries = [...BUILT_IN_CLIENTS, ...settings.clients.map((c) => ({ clientId: c.clientId, name: c.name ?? c.clientId, redirectUris: c.redirectUris }))];
  const matching = entries.filter((c) => c.clientId === clientId);
  const first = matching[0];
  if (!first) return undefined;
  return { clientId, name: first.name, redirectUris: matching.flatMap((c) => c.redirectUris) };
}

/** http on 127.0.0.1, localhost or [::1], any port, any path, no credentials and no fragment. */
export function isLoopbackRedirect(uri: string): boolean {
  if (!URL.canParse(uri) || uri.includes('#')) return false;
  const url = new URL(uri);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.username === '' && url.password === '';
}

/** A registered URI matches exactly (RFC 6749 §3.1.2.3); loopback URIs match whatever their port. */
export function redirectAllowed(client: OAuthClient, uri: string): boolean {
  return client.redirectUris.includes(uri) || isLoopbackRedirect(uri);
}
