// The route tries, built once per process for each route table and shared by every core (world)
// mounting the same paths. Hono's default router builds lazily on a world's first request: it tries
// its RegExp router, which refuses these paths (a static segment beside a parameter, such as
// `rag-vector/files` and `rag-vector/:vectorId`), then inserts every route into the trie router it
// falls back to, tens of milliseconds per world at ~400 routes. Here the tries hold route numbers
// (a pure function of the paths, like a compiled regular expression) and each core maps them to its
// own handlers, so matching is exactly the trie router's and nothing of one world reaches another.
//
// One trie per first path segment, built when the first request reaches it: `serve`'s first answer
// (a control path) builds the ~30 routes of `/__emulator`, not the ~350 of `/api`. A route whose
// first segment is a parameter (or a pattern) can match any path, so it is in every segment's trie;
// a path whose first segment no route names gets the trie of those routes alone. A path can only
// be matched by the routes of its trie, and the trie keeps their order: the same answers as one
// trie of every route.
import type { Params, Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Distinct route tables kept (one per set of mounted areas); past it the oldest is dropped. */
const MAX_TABLES = 8;

/** A trie of some of a table's routes, and the table's number for each of its own. */
interface SegmentTrie {
  trie: TrieRouter<number>;
  routes: number[];
}

/** A route table split by first path segment; each segment's trie is built on its first match. */
class SegmentedTable {
  private readonly tries = new Map<string, SegmentTrie>();
  /** The routes whose first segment is static text, by that text. */
  private readonly bySegment = new Map<string, number[]>();
  /** The routes whose first segment is a parameter or a pattern: in every segment's trie. */
  private readonly anySegment: number[] = [];

  constructor(
    private readonly methods: readonly string[],
    private readonly paths: readonly string[],
  ) {
    for (let i = 0; i < paths.length; i++) {
      const path = paths[i] as string;
      const first = firstSegment(path);
      if (!path.startsWith('/') || /[:*{}?]/.test(first)) this.anySegment.push(i);
      else {
        const list = this.bySegment.get(first);
        if (list) list.push(i);
        else this.bySegment.set(first, [i]);
      }
    }
  }

  /** `[table's route number, params][]` of every route that matches, in table order (as the trie router answers). */
  match(method: string, path: string): [number, Params][] {
    const segment = firstSegment(path);
    // A segment no route names shares one trie (of the parameter routes alone): unknown paths make no new tries.
    const key = this.bySegment.has(segment) ? `/${segment}` : '';
    let found = this.tries.get(key);
    if (!found) {
      found = this.build(key === '' ? [] : (this.bySegment.get(segment) as number[]));
      this.tries.set(key, found);
    }
    const [matched] = found.trie.match(method, path) as [[number, Params][]];
    return matched.map(([local, params]) => [found.routes[local] as number, params]);
  }

  private build(named: readonly number[]): SegmentTrie {
    // In table order, parameter routes among the named ones: the trie orders its answers by insertion.
    const routes = [...named, ...this.anySegment].sort((a, b) => a - b);
    const trie = new TrieRouter<number>();
    for (let local = 0; local < routes.length; local++) {
      const i = routes[local] as number;
      trie.add(this.methods[i] as string, this.paths[i] as string, local);
    }
    return { trie, routes };
  }
}

/** The text between the first and the second slash (all of it without a second one). */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

const tables = new Map<string, SegmentedTable>();

function tableOf(methods: string[], paths: string[]): SegmentedTable {
  const key = methods.map((method, i) => `${method} ${paths[i]}`).join('\n');
  let table = tables.get(key);
  if (!table) {
    table = new SegmentedTable(methods, paths);
    if (tables.size >= MAX_TABLES) tables.delete(tables.keys().next().value as string);
    tables.set(key, table);
  }
  return table;
}

export interface SharedRouter<T> extends Router<T> {
  /** Takes the process's table of the routes added so far (making it if this process has none): no more routes after. */
  seal(): void;
}

/** A router for one core: routes are added as usual, and matched through the process's tries of the same paths. */
export function sharedRouter<T>(): SharedRouter<T> {
  const methods: string[] = [];
  const paths: string[] = [];
  const handlers: T[] = [];
  let table: SegmentedTable | undefined;
  const seal = (): SegmentedTable => (table ??= tableOf(methods, paths));
  return {
    name: 'shared(TrieRouter)',
    add(method, path, handler) {
      if (table) throw new Error('routes are sealed: add every route before the first match');
      methods.push(method);
      paths.push(path);
      handlers.push(handler);
    },
    match(method, path): Result<T> {
      // The trie router's one-element form: [[handler, params][]].
      return [seal().match(method, path).map(([i, params]) => [handlers[i] as T, params])];
    },
    seal() {
      seal();
    },
  };
}
