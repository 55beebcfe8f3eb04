// Client lookup and the redirect URI rules (exact registered match, or loopback on any port).
import { describe, expect, it } from 'vitest';
import { findClient, isLoopbackRedirect, redirectAllowed } from './clients.js';

const settings = {
  autoApprove: true,
  clients: [
    { clientId: 'acme-desktop', name: 'Acme Desktop', redirectUris: ['https://app.acme.example/callback'] },
    { clientId: 'service-cli', redirectUris: ['https://cli.example/done'] },
  ],
};

describe('oauth clients', () => {
  it('finds built-in and scenario clients, merging redirect URIs by id', () => {
    expect(findClient('service-mcp', settings)).toEqual({ clientId: 'service-mcp', name: 'Tool-server (MCP) library', redirectUris: [] });
    expect(findClient('service-cli', settings)).toEqual({ clientId: 'service-cli', name: 'Command-line tool', redirectUris: ['https://cli.example/done'] });
    expect(findClient('acme-desktop', settings)?.redirectUris).toEqual(['https://app.acme.example/callback']);
    expect(findClient('nobody', settings)).toBeUndefined();
  });

  it('allows loopback http redirects on any port, and nothing else unregistered', () => {
    for (const ok of ['http://127.0.0.1:53682/callback', 'http://localhost:8080/', 'http://[::1]:9000/cb?x=1', 'http://127.0.0.1/cb']) {
      expect(isLoopbackRedirect(ok)).toBe(true);
    }
    for (const bad of [
      'https://127.0.0.1:53682/callback',
      'http://127.0.0.2:80/cb',
      'http://localhost.evil.example/cb',
      'http://user:pw@localhost:80/cb',
      'http://localhost:80/cb#frag',
      'not a uri',
      'com.example.app:/callback',
    ]) {
      expect(isLoopbackRedirect(bad)).toBe(false);
    }
  });

  it('matches registered URIs exactly', () => {
    const client = findClient('acme-desktop', settings)!;
    expect(redirectAllowed(client, 'https://app.acme.example/callback')).toBe(true);
    expect(redirectAllowed(client, 'https://app.acme.example/callback/')).toBe(false);
    expect(redirectAllowed(client, 'https://app.acme.example/callback?x=1')).toBe(false);
    expect(redirectAllowed(client, 'http://localhost:3000/callback')).toBe(true);
  });
});
