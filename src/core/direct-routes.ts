// A request's route and path parameters, found once per (method, path) and then straight from a
// map: the core calls the route's handler itself, without Hono's Context, request wrapper and
// promise chain per request. Only a path that names exactly one route goes this way; anything
// else (no route: Hono's 404; HEAD, which Hono answers from GET) still goes through Hono.
import type { Handler } from 'hono';
import type { Params, Result } from 'hono/router';
import { tryDecodeURIComponent } from 'hono/utils/url';
import type { RouterRoute } from 'hono/types';
import type { RouteDef } from './route.js';

/** What a registered handler stands for. */
export interface RouteTarget {
  route: RouteDef;
  /** The route's name in answer-cache keys. */
  routeId: string;
}

export interface DirectMatch extends RouteTarget {
  /** Decoded as Hono's `c.req.param()` decodes them; frozen: every request to the path shares them. */
  params: Readonly<Record<string, string>>;
}

/** Distinct (method, path) pairs kept; past it the memory starts over (paths carry ids). */
const MAX_PATHS = 2048;

interface MatchingRouter {
  match(method: string, path: string): Result<[Handler, RouterRoute]>;
}

/** `lookup(method, path)`: the one route it names with its parameters, or undefined (Hono decides). */
export function directRoutes(router: MatchingRouter, targets: ReadonlyMap<Handler, RouteTarget>): (method: string, path: string) => DirectMatch | undefined {
  let known = new Map<string, DirectMatch | null>();
  const find = (method: string, path: string): DirectMatch | null => {
    // The trie router answers [[handler, params][]]: one element when one route matches.
    const [found] = router.match(method, path) as [[[Handler, RouterRoute], Params][]];
    if (found.length !== 1) return null;
    const [[handler], raw] = found[0] as [[Handler, RouterRoute], Params];
    const target = targets.get(handler);
    if (!target) return null;
    const params: Record<string, string> = {};
    for (const name of Object.keys(raw)) {
      const value = raw[name];
      if (value !== undefined) params[name] = tryDecodeURIComponent(value);
    }
    return { ...target, params: Object.freeze(params) };
  };
  // The last path asked, answered by comparing it (a client polling one URL) before any key is made.
  let lastMethod: string | undefined;
  let lastPath: string | undefined;
  let lastMatch: DirectMatch | null = null;
  return (method, path) => {
    if (path === lastPath && method === lastMethod) return lastMatch ?? undefined;
    const key = `${method} ${path}`;
    let match = known.get(key);
    if (match === undefined) {
      match = find(method, path);
      if (known.size >= MAX_PATHS) known = new Map();
      known.set(key, match);
    }
    lastMethod = method;
    lastPath = path;
    lastMatch = match;
    return match ?? undefined;
  };
}
