// The in-process door: one MSW handler that passes every request under the base URL to
// emulator.fetch. Works with setupServer (Node) and setupWorker (browser); handlers added later
// with server.use(...) take precedence, as MSW always gives them.
import { http, type HttpHandler } from 'msw';

export interface EmulatorLike {
  fetch(request: Request): Promise<Response>;
  /** Told the first base URL, so tokens signed outside a request name it as issuer. */
  serveAt?(url: string): Promise<void>;
}

export interface HandlerOptions {
  /** Where the emulated service "lives"; one URL or several. Default `http://127.0.0.1:4010`. */
  baseUrl?: string | string[];
  /**
   * Where the tool servers (MCP) "live", like the real `https://mcp.divinci.app`: `/mcp`,
   * `/{whitelabelId}/mcp`, each tenant's `/authorize`, `/token`, `/callback`, `/register`, the
   * `/.well-known/*` documents and the sign-in page (`/oauth/*`) are answered there too.
   */
  mcpBaseUrl?: string;
  /**
   * The world these handlers answer from (docs/worlds.md): its id, sent as `x-emulator-world` on
   * every request that names none. Absent: the default world.
   */
  world?: string;
}

/** The header a request names its world with (src/control/worlds.ts). */
const WORLD_HEADER = 'x-emulator-world';

/** The request, naming `world` unless it names one already. */
function inWorld(request: Request, world: string | undefined): Request {
  if (world === undefined || request.headers.has(WORLD_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.set(WORLD_HEADER, world);
  return new Request(request, { headers });
}

/** The paths an MCP base URL answers (docs/mcp.md). */
const MCP_PATH = /^\/(?:mcp|[^/]+\/(?:mcp|authorize|token|callback|register)|\.well-known\/.*|oauth\/.*)$/;

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

export function createHandlers(emulator: EmulatorLike, options: HandlerOptions = {}): HttpHandler[] {
  const bases = [options.baseUrl ?? DEFAULT_BASE_URL].flat().map((b) => b.replace(/\/+$/, ''));
  const send = (request: Request) => emulator.fetch(inWorld(request, options.world));
  // Runs under the emulator's lock: requests through these handlers wait for it.
  if (bases[0] !== undefined) void emulator.serveAt?.(bases[0])?.catch(() => undefined);
  // A predicate, not a `${base}/*` path: MSW decodes path params, and a malformed escape
  // (`%E2%82`) would throw inside MSW (a 500) before the emulator could answer its 404.
  const handlers = bases.map((base) =>
    http.all(
      ({ request }) => request.url === base || /^[/?#]/.test(request.url.slice(base.length)) && request.url.startsWith(base),
      ({ request }) => send(request),
    ),
  );
  if (options.mcpBaseUrl !== undefined) {
    const mcpBase = options.mcpBaseUrl.replace(/\/+$/, '');
    handlers.push(
      http.all(
        ({ request }) => request.url.startsWith(`${mcpBase}/`) && MCP_PATH.test(new URL(request.url).pathname),
        ({ request }) => send(request),
      ),
    );
  }
  return handlers;
}

/** Shorthand for `createHandlers`: `setupServer(...handlers(emulator))`. */
export const handlers = createHandlers;
