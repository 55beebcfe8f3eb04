// Every route of the model-lifecycle areas, read from the emulator's own OpenAPI document, through
// every door on every driver: each bad input is a 400 VALIDATION_ERROR naming the field and writes
// nothing; unknown ids and another workspace's ids are 404 (or, for ids in a body, answered alike);
// a key without the scope is 403; no credentials is 401. A route without a case here fails.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { A, B, CASES, KEYS, LIFECYCLE_TAGS, UNKNOWN, inputsScenario, type Bad, type Ids, type RouteCase } from '../support/lifecycle-routes.js';
import { useDoor, type ScenarioChoice } from '../support/use-door.js';

type Json = Record<string, any>;
const B_IDS = Object.values(B).filter((v) => v !== 'ws_globex');

describe.each(MATRIX)('model-lifecycle inputs, scopes and tenants: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: inputsScenario as ScenarioChoice });

  /** Every table's rows: what "nothing written" compares (a key's `last_used_at` is auth's bookkeeping, not a write of the route). */
  const tables = async () => {
    const all = ((await (await door.fetch('/__emulator/state')).json()) as Json).tables as Json;
    all.api_keys = (all.api_keys as Json[]).map(({ last_used_at: _, ...row }) => row);
    return all;
  };

  const send = async (route: string, c: RouteCase, x: Ids, opts: { bad?: Bad; key?: string | null } = {}) => {
    const [method, template] = route.split(' ') as [string, string];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(opts.bad?.params?.[name] ?? x[(c.params?.[name] ?? name) as keyof Ids]));
    const query = opts.bad?.query ?? c.query;
    const body = opts.bad && 'body' in opts.bad ? opts.bad.body : c.body?.(x);
    const headers: Record<string, string> = {};
    const key = opts.key === undefined ? KEYS.full : opts.key;
    if (key !== null) headers['x-api-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await door.fetch(`${path}${query ? `?${query}` : ''}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, text, json: (() => { try { return JSON.parse(text) as Json; } catch { return {}; } })() };
  };

  it('the table covers every operation the OpenAPI document lists under the lifecycle tags', async () => {
    const doc = (await (await door.fetch('/openapi.json')).json()) as Json;
    const served: string[] = [];
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) if (op.tags?.some((t: string) => LIFECYCLE_TAGS.includes(t))) served.push(`${method.toUpperCase()} ${path}`);
    }
    expect(served.sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES))('%s', async (route, c) => {
    // Every probe below is refused (or only reads): afterwards, no table may have changed.
    const before = await tables();
    for (const bad of c.bad) {
      const label = `${route} ${JSON.stringify(bad)}`;
      const res = await send(route, c, A, { bad });
      expect(res.status, label).toBe(400);
      expect(res.json.error?.code, label).toBe('VALIDATION_ERROR');
      expect(res.json.error.details.issues.map((i: { path: string }) => i.path), label).toContain(bad.field);
    }
    const refused = await send(route, c, A, { key: KEYS.unscoped });
    expect(refused.status, `${route} unscoped key: ${refused.text}`).toBe(403);
    expect((await send(route, c, A, { key: null })).status).toBe(401);

    if (route.includes('{')) {
      // Unknown ids and another workspace's ids in the path: 404, nothing written.
      for (const [who, x] of [['unknown', UNKNOWN], ['another workspace', B]] as const) {
        const res = await send(route, c, x);
        expect(res.status, `${route} ${who}: ${res.text}`).toBe(404);
        expect(res.json.error.code).toBe('NOT_FOUND');
      }
    }
    if (c.foreign !== undefined) {
      // Ids in the body: another workspace's answer exactly as unknown ones do.
      const unknown = await send(route, c, UNKNOWN);
      const foreign = await send(route, c, B);
      expect(unknown.status, unknown.text).toBe(c.foreign);
      expect(foreign.status, foreign.text).toBe(c.foreign);
      const shape = (r: { json: Json }) => [r.json.error.code, r.json.error.message, (r.json.error.details?.issues ?? []).map((i: { path: string }) => i.path)];
      expect(shape(foreign)).toEqual(shape(unknown));
    }
    if (route.startsWith('GET ')) {
      // A's reads answer and show nothing of B.
      const own = await send(route, c, A);
      expect(own.status, `${route}: ${own.text.slice(0, 300)}`).toBe(200);
      for (const id of B_IDS) expect(own.text, `${route} shows ${id}`).not.toContain(`"${id}"`);
    }
    expect(await tables(), `${route}: nothing written`).toEqual(before);
  });
});
