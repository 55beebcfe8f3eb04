// Tool-server (MCP) errors, named after their wire codes. A 401 carries the RFC 9728 challenge of
// the server asked, so a stock MCP client finds its authorization server and signs in.
import { EmulatorError, forbidden, notFound } from '../../core/errors.js';

export const mcpTenantNotFound = () => notFound('Tool server');
export const mcpServerNotFound = () => notFound('Tool server registration');
export const mcpReleaseNotFound = () => notFound('Release');

/** The workspace switch (`mcp-settings`) is off: the tenant endpoint stays off whatever the release says. */
export const mcpSwitchedOff = () => forbidden('MCP is not enabled for this workspace: POST /white-label/{whitelabelId}/mcp-settings {"enabled": true}');

/** RFC 6750 §3 with RFC 9728 §5.1: where the resource's metadata is, and why the token failed. */
export function mcpUnauthorized(message: string, resourceMetadata: string, tokenSent: boolean): EmulatorError {
  const challenge = `Bearer resource_metadata="${resourceMetadata}"${tokenSent ? ', error="invalid_token"' : ''}`;
  return new EmulatorError('UNAUTHORIZED', message, undefined, { 'www-authenticate': challenge });
}

/** The token grants none of the release's `allowedScopes` (RFC 6750 §3.1 insufficient_scope). */
export function mcpInsufficientScope(allowed: string[], resourceMetadata: string): EmulatorError {
  const scope = allowed.join(' ');
  return new EmulatorError('FORBIDDEN', `This tool server needs one of the scopes: ${scope}`, { allowedScopes: allowed }, {
    'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadata}"`,
  });
}

/** A remote tool server that could not be reached or answered badly (discover, from-mcp). */
export const mcpRemoteFailed = (message: string) => new EmulatorError('VALIDATION_ERROR', `Tool server discovery failed: ${message}`, { issues: [{ path: 'url', message }] });
