import { Hono, type Handler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../index.js';
import { sharedRouter } from './shared-router.js';

/** Paths of the kind the API mounts: a static segment beside a parameter (Hono's RegExp router refuses these). */
const PATHS: [string, string][] = [
  ['GET', '/v/:workspaceId/vector/:vectorId/all-chunks'],
  ['POST', '/v/:workspaceId/vector'],
  ['GET', '/v/:workspaceId/vector/files'],
  ['GET', '/v/:workspaceId/vector/:vectorId'],
];

type Options = ConstructorParameters<typeof Hono>[0];

function appOf(name: string, options: Options) {
  const app = new Hono(options);
  for (const [method, path] of PATHS) app.on(method, path, (c) => c.json({ name, path, params: c.req.param() }));
  return app;
}

async function answers(app: Hono): Promise<unknown[]> {
  const asks: [string, string][] = [
    ['GET', '/v/ws_1/vector/files'],
    ['GET', '/v/ws_1/vector/vec_2'],
    ['GET', '/v/ws_1/vector/vec_2/all-chunks'],
    ['POST', '/v/ws_1/vector'],
    ['DELETE', '/v/ws_1/vector/vec_2'],
    ['GET', '/v/ws_1/nothing'],
  ];
  const out: unknown[] = [];
  for (const [method, path] of asks) {
    const res = await app.fetch(new Request(`http://x${path}`, { method }));
    out.push([res.status, res.status === 200 ? await res.json() : null]);
  }
  return out;
}

describe('sharedRouter', () => {
  it('matches as Hono’s own router does, each app with its own handlers over one trie', async () => {
    const own = await answers(appOf('a', {}));
    const first = sharedRouter<[Handler, RouterRoute]>();
    const second = sharedRouter<[Handler, RouterRoute]>();
    const a = appOf('a', { router: first });
    const b = appOf('b', { router: second });
    first.seal();
    second.seal();
    expect(await answers(a)).toEqual(own);
    const fromB = await answers(b);
    expect(fromB).toEqual(own.map((answer) => JSON.parse(JSON.stringify(answer).replaceAll('"name":"a"', '"name":"b"'))));
  });

  it('takes no route once sealed', () => {
    const router = sharedRouter<number>();
    router.add('GET', '/a', 1);
    router.seal();
    expect(() => router.add('GET', '/b', 2)).toThrow(/sealed/);
    expect(router.match('GET', '/a')).toEqual([[[1, {}]]]);
  });

  it('answers every path as one trie of all the routes does, though it builds a trie per first segment', async () => {
    // The emulator's own table: static first segments, parameter first segments (`/:whitelabelId/mcp`), `/`-less ones.
    const emulator = await createEmulator({ scenario: 'empty', vectorSearch: 'exact', onNotice: () => undefined });
    const document = emulator.openApi() as { paths: Record<string, Record<string, unknown>> };
    await emulator.close();
    const table: [string, string][] = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method): [string, string] => [method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1')]),
    );
    // Parameter routes before and after the rest: the answers' order is the table's.
    table.unshift(['GET', '/:first/:second']);
    table.push(['GET', '/:first/mcp'], ['GET', '/'], ['POST', '/api/*'], ['GET', '*']);
    expect(table.some(([, path]) => path.startsWith('/:'))).toBe(true);
    const whole = new TrieRouter<number>();
    const shared = sharedRouter<number>();
    table.forEach(([method, path], i) => {
      whole.add(method, path, i);
      shared.add(method, path, i);
    });
    shared.seal();
    const asks = [...table.map(([method, path]) => [method, path.replace(/:(\w+)/g, 'x_$1')]), ['GET', '/'], ['GET', '//api'], ['GET', '/nothing/here'], ['GET', '/nothing'], ['POST', '/api/anything/at/all'], ['GET', '/wl_1/mcp'], ['DELETE', '/__emulator/x'], ['GET', '/api/']];
    for (const [method, path] of asks) expect(shared.match(method!, path!), `${method} ${path}`).toEqual(whole.match(method!, path!));
  });
});
