// The route trie, built once per process for each route table and shared by every core (world)
// mounting the same paths. Hono's default router builds lazily on a world's first request: it tries
// its RegExp router, which refuses these paths (a static segment beside a parameter, such as
// `rag-vector/files` and `rag-vector/:vectorId`), then inserts every route into the trie router it
// falls back to, tens of milliseconds per world at ~400 routes. Here the trie holds route numbers
// (a pure function of the paths, like a compiled regular expression) and each core maps them to its
// own handlers, so matching is exactly the trie router's and nothing of one world reaches another.
import type { Params, Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Distinct route tables kept (one per set of mounted areas); past it the oldest is dropped. */
const MAX_TABLES = 8;

const tries = new Map<string, TrieRouter<number>>();

function trieOf(methods: string[], paths: string[]): TrieRouter<number> {
  const key = methods.map((method, i) => `${method} ${paths[i]}`).join('\n');
  let trie = tries.get(key);
  if (!trie) {
    trie = new TrieRouter<number>();
    for (let i = 0; i < paths.length; i++) trie.add(methods[i] as string, paths[i] as string, i);
    if (tries.size >= MAX_TABLES) tries.delete(tries.keys().next().value as string);
    tries.set(key, trie);
  }
  return trie;
}

export interface SharedRouter<T> extends Router<T> {
  /** Takes the shared trie of the routes added so far (building it if this process has none): no more routes after. */
  seal(): void;
}

/** A router for one core: routes are added as usual, and matched through the process's trie of the same paths. */
export function sharedRouter<T>(): SharedRouter<T> {
  const methods: string[] = [];
  const paths: string[] = [];
  const handlers: T[] = [];
  let trie: TrieRouter<number> | undefined;
  const seal = (): TrieRouter<number> => (trie ??= trieOf(methods, paths));
  return {
    name: 'shared(TrieRouter)',
    add(method, path, handler) {
      if (trie) throw new Error('routes are sealed: add every route before the first match');
      methods.push(method);
      paths.push(path);
      handlers.push(handler);
    },
    match(method, path): Result<T> {
      // The trie router always answers the one-element form: [[route number, params][]].
      const [found] = seal().match(method, path) as [[number, Params][]];
      return [found.map(([i, params]) => [handlers[i] as T, params])];
    },
    seal() {
      seal();
    },
  };
}
