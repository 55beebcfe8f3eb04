// Who may call the emulator from a browser, and under which Host names (docs/security.md): the
// control API answers only loopback, same-origin and named origins; a server bound to loopback
// answers only loopback, bound and named Host names, so DNS rebinding cannot reach it.
import { EmulatorError } from './errors.js';

/** The control API and the dashboard: no auth, so only trusted pages may call them. */
export const isControlPath = (path: string): boolean => path === '/__emulator' || path.startsWith('/__emulator/');

/** localhost, *.localhost (RFC 6761), 127.0.0.0/8 and ::1, as a URL's hostname spells them. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '[::1]' || name === '::1') return true;
  // An IPv4-mapped loopback, as a bind address may be written.
  const v4 = name.replace(/^(\[?::ffff:)/, '').replace(/\]$/, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) && v4.split('.').every((part) => Number(part) <= 255);
}

/** http(s) on a loopback name, any port. */
export function isLoopbackOrigin(origin: string): boolean {
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHostname(url.hostname);
}

/**
 * An origin as browsers send it (`scheme://host[:port]`, lower case, no default port), or
 * undefined for anything else. `null` (sandboxed frames, file:// pages) is kept as itself.
 */
export function normalizeOrigin(value: string): string | undefined {
  if (value === 'null') return value;
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(value) || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.username || url.password ? undefined : url.origin;
}

/** The option `allowedOrigins`, normalized; a bad entry is a TypeError naming it. */
export function checkAllowedOrigins(values: readonly string[] = []): string[] {
  return values.map((value) => {
    const origin = normalizeOrigin(value);
    if (!origin) throw new TypeError(`allowedOrigins: "${value}" is not an origin (http(s)://host[:port], or null)`);
    return origin;
  });
}

/** A host name without port or scheme, lower case; IPv6 in brackets or bare. */
export function normalizeHostName(value: string): string | undefined {
  const name = value.trim().toLowerCase().replace(/\.$/, '');
  if (/^\[?[0-9a-f:.]+\]?$/.test(name) && name.split(':').length > 2) return `[${name.replace(/^\[|\]$/g, '')}]`;
  return /^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?$/.test(name) ? name : undefined;
}

/** The option `allowedHosts`, normalized; a bad entry is a TypeError naming it. */
export function checkAllowedHosts(values: readonly string[] = []): string[] {
  return values.map((value) => {
    const host = normalizeHostName(value);
    if (!host) throw new TypeError(`allowedHosts: "${value}" is not a host name (no scheme, no port: any port is allowed)`);
    return host;
  });
}

/** Which Host names a door answers; given per request by the HTTP door only (MSW has no Host). */
export interface HostGuard {
  admits(request: Request): boolean;
}

const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', '::0', '']);

/** The hostname part of a Host header value (`name:port`, `[v6]:port`), lower case. */
function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d*$/, '').replace(/\.$/, '');
}

/** The host of an absolute URL, without parsing it whole (this runs on every request). */
function urlHost(url: string): string {
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return url.slice(start, end === -1 ? undefined : end);
}

/**
 * The guard for a server bound to `boundHost`: on a loopback address, loopback names, the bound
 * address and `allowedHosts`; on a wildcard or public address, no check (the user chose to expose
 * it) unless hosts were named, then those, the bound address and loopback names.
 */
export function hostGuard(boundHost: string, allowedHosts: readonly string[] = []): HostGuard | undefined {
  const allowed = new Set(checkAllowedHosts(allowedHosts));
  const bound = normalizeHostName(boundHost);
  if (!isLoopbackHostname(boundHost) && allowed.size === 0) return undefined;
  if (bound && !WILDCARD_BINDS.has(boundHost.trim())) allowed.add(bound);
  // Asked twice per request, of a handful of distinct values: each is judged once.
  let judged = new Map<string, boolean>();
  const ok = (host: string) => {
    let admitted = judged.get(host);
    if (admitted === undefined) {
      const name = hostnameOf(host);
      admitted = isLoopbackHostname(name) || allowed.has(name);
      if (judged.size >= 256) judged = new Map();
      judged.set(host, admitted);
    }
    return admitted;
  };
  return {
    // The Host header and the URL's host (an absolute-form request target) must both pass: the
    // URL names the issuer of every token signed in the answer.
    admits: (request) => {
      const header = request.headers.get('host');
      return (header === null || ok(header)) && ok(urlHost(request.url));
    },
  };
}

/** 403 for a Host the guard does not admit. */
export function hostRefusal(request: Request, guard: HostGuard | undefined): EmulatorError | undefined {
  if (!guard || guard.admits(request)) return undefined;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  return new EmulatorError(
    'FORBIDDEN',
    `Host "${host}" is not allowed: a server bound to loopback answers only localhost names and hosts named with --allow-host`,
    { reason: 'host_not_allowed', host },
  );
}

/**
 * A page the emulator trusts: a loopback origin, one named in `allowed`, or the request's own
 * origin (the dashboard calling the control API of the server that served it).
 */
export function isTrustedOrigin(origin: string, request: Request, allowed: ReadonlySet<string>): boolean {
  return isLoopbackOrigin(origin) || allowed.has(origin) || origin === new URL(request.url).origin;
}

/**
 * 403 for a control request from an untrusted page. Refused outright, not merely left unreadable:
 * a form POST or another simple request would otherwise still change state.
 */
export function controlOriginRefusal(request: Request, allowed: ReadonlySet<string>): EmulatorError | undefined {
  const origin = request.headers.get('origin');
  if (origin === null || !isControlPath(new URL(request.url).pathname) || isTrustedOrigin(origin, request, allowed)) return undefined;
  return new EmulatorError(
    'FORBIDDEN',
    `Origin "${origin}" may not call the control API: only loopback origins and origins named with --allow-origin may`,
    { reason: 'origin_not_allowed', origin },
  );
}
