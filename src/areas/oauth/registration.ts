// Dynamic client registration (RFC 7591): any caller may register a public client (PKCE, no
// secret); redirect URIs follow RFC 8252 (https, loopback http, or a private-use scheme).
import type { StoreDeps } from '../../core/services.js';
import type { OAuthClient } from './clients.js';
import { oauthInvalid } from './errors.js';
import { GRANT_TYPES, SCOPES, type RegistrationRequest } from './schema.js';
import { normalizeScope } from './store.js';

interface ClientRow {
  [column: string]: string | number | null;
  client_id: string;
  client_name: string;
  redirect_uris: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why a redirect URI cannot be registered, or undefined when it can. */
export function redirectUriProblem(uri: string): string | undefined {
  if (!URL.canParse(uri)) return 'Must be an absolute URI';
  if (uri.includes('#')) return 'Must not contain a fragment';
  const url = new URL(uri);
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') return LOOPBACK.has(url.hostname) ? undefined : 'http is allowed on loopback hosts only (127.0.0.1, localhost, [::1]); use https';
  // RFC 8252 §7.1: a private-use scheme is a reverse domain name, e.g. com.example.app:/callback.
  if (/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/i.test(url.protocol)) return undefined;
  return 'Use https, loopback http, or a private-use scheme such as com.example.app:/callback';
}

export class ClientRegistry {
  constructor(private readonly deps: StoreDeps) {}

  async find(clientId: string): Promise<OAuthClient | undefined> {
    const row = await this.deps.storage.get<ClientRow>('SELECT client_id, client_name, redirect_uris FROM oauth_clients WHERE client_id = ?', [clientId]);
    return row ? { clientId: row.client_id, name: row.client_name, redirectUris: JSON.parse(row.redirect_uris) as string[] } : undefined;
  }

  /** Registers a public client; answers its RFC 7591 §3.2.1 information. */
  async register(input: RegistrationRequest) {
    input.redirect_uris.forEach((uri, i) => {
      const problem = redirectUriProblem(uri);
      if (problem) throw oauthInvalid('invalid_redirect_uri', `redirect_uris[${i}]: ${problem}`, [{ path: `body.redirect_uris[${i}]`, message: problem }]);
    });
    const grants = input.grant_types ?? ['authorization_code', 'refresh_token'];
    const unsupported = grants.filter((g) => !(GRANT_TYPES as readonly string[]).includes(g));
    if (unsupported.length > 0) {
      throw oauthInvalid('invalid_client_metadata', `Unsupported grant_types: ${unsupported.join(' ')}`, [{ path: 'body.grant_types', message: `Supported: ${GRANT_TYPES.join(', ')}` }]);
    }
    if (input.response_types && input.response_types.some((t) => t !== 'code')) {
      throw oauthInvalid('invalid_client_metadata', 'Only the code response type is supported', [{ path: 'body.response_types', message: 'Supported: code' }]);
    }
    const scope = input.scope === undefined ? undefined : normalizeScope(input.scope);
    const unknown = scope?.split(' ').filter((s) => s !== '' && !(SCOPES as readonly string[]).includes(s)) ?? [];
    if (unknown.length > 0) throw oauthInvalid('invalid_client_metadata', `Unknown scope: ${unknown.join(' ')}`, [{ path: 'body.scope', message: `Unknown: ${unknown.join(' ')}` }]);

    const clientId = this.deps.ids.token('client', 24);
    const now = this.deps.clock.now();
    const name = input.client_name ?? clientId;
    // Every registered client is public: a requested secret-based method is replaced by "none" (RFC 7591 §3.2.1).
    const info = {
      client_id: clientId,
      client_id_issued_at: Math.floor(now / 1000),
      client_name: name,
      redirect_uris: input.redirect_uris,
      grant_types: grants,
      response_types: ['code'],
      token_endpoint_auth_method: 'none' as const,
      ...(scope && { scope }),
    };
    await this.deps.storage.run('INSERT INTO oauth_clients (client_id, client_name, redirect_uris, metadata, created_at) VALUES (?, ?, ?, ?, ?)', [
      clientId,
      name,
      JSON.stringify(input.redirect_uris),
      JSON.stringify(info),
      now,
    ]);
    return info;
  }
}
