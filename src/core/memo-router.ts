// Hono's router answers the same (method, path) the same way every time once the routes are in:
// remembering its last answers skips the trie walk, the path split and the params objects on
// every request after the first to a path. Hono only reads a match result, never changes it.
import type { Result, Router } from 'hono/router';

/** Distinct (method, path) pairs kept; past it the memory starts over (paths carry ids). */
const MAX_PATHS = 2048;

export function memoRouter<T>(inner: Router<T>): Router<T> {
  let matches = new Map<string, Result<T>>();
  return {
    name: `memo(${inner.name})`,
    add(method, path, handler) {
      matches = new Map();
      inner.add(method, path, handler);
    },
    match(method, path) {
      const key = `${method} ${path}`;
      let result = matches.get(key);
      if (result === undefined) {
        result = inner.match(method, path);
        if (matches.size >= MAX_PATHS) matches = new Map();
        matches.set(key, result);
      }
      return result;
    },
  };
}
