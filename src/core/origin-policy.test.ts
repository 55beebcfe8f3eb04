// The origin and Host rules on their own (the HTTP behaviour is in test/security/cors-host.test.ts).
import { describe, expect, it } from 'vitest';
import { checkAllowedHosts, hostGuard, isLoopbackHostname, isLoopbackOrigin, normalizeHostName, normalizeOrigin } from './origin-policy.js';

const at = (url: string, host?: string) => new Request(url, host ? { headers: { host } } : {});

describe('origin policy', () => {
  it('knows loopback names and nothing that merely looks like one', () => {
    for (const name of ['localhost', 'LOCALHOST', 'app.localhost', 'localhost.', '127.0.0.1', '127.255.0.9', '[::1]', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackHostname(name), name).toBe(true);
    }
    for (const name of ['evil.example', 'localhost.evil.example', '127.0.0.1.evil.example', '127.0.0.256', '128.0.0.1', '0.0.0.0', '[::]', 'mylocalhost']) {
      expect(isLoopbackHostname(name), name).toBe(false);
    }
    expect(isLoopbackOrigin('http://localhost:3000')).toBe(true);
    expect(isLoopbackOrigin('https://127.0.0.1')).toBe(true);
    expect(isLoopbackOrigin('ftp://localhost')).toBe(false);
    expect(isLoopbackOrigin('null')).toBe(false);
  });

  it('normalizes origins and host names as browsers send them, and refuses the rest', () => {
    expect(normalizeOrigin('HTTPS://App.Example:443/')).toBe('https://app.example');
    expect(normalizeOrigin('http://app.example:8080')).toBe('http://app.example:8080');
    expect(normalizeOrigin('null')).toBe('null');
    for (const bad of ['app.example', 'https://app.example/path', 'https://u:p@app.example', 'ws://app.example', '*']) expect(normalizeOrigin(bad), bad).toBeUndefined();
    expect(normalizeHostName('Emu.Internal')).toBe('emu.internal');
    expect(normalizeHostName('::1')).toBe('[::1]');
    for (const bad of ['https://x', 'x:80', 'a b', '', 'ab.cd:80']) expect(normalizeHostName(bad), bad).toBeUndefined();
    expect(() => checkAllowedHosts(['x/y'])).toThrow(TypeError);
  });

  it('guards loopback binds, not wildcard ones unless hosts are named', () => {
    expect(hostGuard('0.0.0.0')).toBeUndefined();
    expect(hostGuard('::')).toBeUndefined();
    expect(hostGuard('192.168.1.5')).toBeUndefined();
    const loop = hostGuard('127.0.0.1', ['emu.internal'])!;
    expect(loop.admits(at('http://127.0.0.1:4010/x', '127.0.0.1:4010'))).toBe(true);
    expect(loop.admits(at('http://emu.internal:9/x', 'emu.internal:9'))).toBe(true);
    expect(loop.admits(at('http://evil.example/x', 'evil.example'))).toBe(false);
    // The header and the URL must both pass.
    expect(loop.admits(at('http://evil.example/x', 'localhost'))).toBe(false);
    const lan = hostGuard('192.168.1.5', ['emu.internal'])!;
    expect(lan.admits(at('http://192.168.1.5:4010/', '192.168.1.5:4010'))).toBe(true);
    expect(lan.admits(at('http://other.lan/', 'other.lan'))).toBe(false);
  });
});
