// Isolated worlds (docs/worlds.md) through every door on every driver: create from a scenario and a
// seed, isolation of state and harness (reset, clock, faults, journal), unknown ids, delete, bad
// bodies, and the same seed giving the same bytes in two worlds.
import { afterAll, afterEach, describe, expect, it as vitestIt } from 'vitest';
import { MATRIX, expectError, json, keyOf, pgMatrix } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

interface WorldInfo {
  id: string;
  scenario: string;
  seed: number;
  createdAt: string;
}

const W = 'x-emulator-world';

/** A small whole document, so a world from a document is quick to make. */
const tinyDocument = () => ({
  name: 'tiny',
  seed: 5,
  now: '2027-01-01T00:00:00.000Z',
  users: [{ id: 'user_t', email: 't@tiny.example', name: 'T' }],
  workspaces: [{ id: 'ws_tiny', name: 'Tiny', slug: 'tiny', ownerId: 'user_t', apiKeys: [{ id: 'key_tiny', name: 'k' }], transcripts: [] }],
});

describe.each([...MATRIX, ...pgMatrix()])('worlds: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const made: string[] = [];
  // A PGlite world boots its own PGlite (seconds on a busy machine; freed ones are reused).
  const it = (name: string, fn: () => Promise<void>) => vitestIt(name, fn, driver === 'sqlite' ? 30_000 : 300_000);

  const create = async (body: unknown = {}): Promise<WorldInfo> => {
    const res = await door.fetch('/__emulator/worlds', json(body));
    expect(res.status).toBe(201);
    const info = (await res.json()) as WorldInfo;
    made.push(info.id);
    return info;
  };
  /** A key secret of a world's scenario, read from its JS handle. */
  const keyIn = async (world: string, keyId = 'key_full') => keyOf(await door.emulator.world(world), keyId);
  const inWorld = (world: string, path: string, init: RequestInit = {}) =>
    door.fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), [W]: world } });
  const transcriptTotal = async (world: string | undefined, key: string) => {
    const headers: Record<string, string> = { 'x-api-key': key, ...(world && { [W]: world }) };
    const res = await door.fetch('/api/v1/transcripts', { headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as { pagination: { total: number } }).pagination.total;
  };

  afterEach(async () => {
    for (const id of made.splice(0)) await door.emulator.deleteWorld(id).catch(() => undefined);
  });
  afterAll(() => expect(door.emulator.worlds().map((w) => w.id)).toEqual(['default']));

  it('creates a world from a scenario and a seed (201), lists it after the default world, and answers through the header', async () => {
    const info = await create({ scenario: 'default', seed: 77 });
    expect(info).toEqual({ id: expect.stringMatching(/^w_[0-9a-f]{12}$/), scenario: 'default', seed: 77, createdAt: door.emulator.clock.iso() });
    const list = await door.fetch('/__emulator/worlds');
    expect(list.status).toBe(200);
    const { worlds } = (await list.json()) as { worlds: WorldInfo[] };
    expect(worlds[0]).toMatchObject({ id: 'default', scenario: 'default', seed: 4010 });
    expect(worlds.map((w) => w.id)).toEqual(['default', info.id]);
    const health = (await (await inWorld(info.id, '/__emulator/health')).json()) as { seed: number; scenario: string };
    expect(health).toMatchObject({ seed: 77, scenario: 'default' });
    // The explicit default is the default world.
    expect(((await (await inWorld('default', '/__emulator/health')).json()) as { seed: number }).seed).toBe(4010);
  });

  it('creates worlds from another built-in and from a whole document; an empty body means default', async () => {
    const empty = await create({ scenario: 'empty' });
    expect(empty.scenario).toBe('empty');
    const tiny = await create({ scenario: tinyDocument() });
    expect(tiny).toMatchObject({ scenario: 'tiny', seed: 5 });
    const res = await inWorld(tiny.id, '/__emulator/clock');
    expect(((await res.json()) as { iso: string }).iso).toBe('2027-01-01T00:00:00.000Z');
    const bare = await door.fetch('/__emulator/worlds', { method: 'POST' });
    expect(bare.status).toBe(201);
    const info = (await bare.json()) as WorldInfo;
    made.push(info.id);
    expect(info).toMatchObject({ scenario: 'default', seed: 4010 });
  });

  it('keeps a write in its world: not seen in another world nor in the default one', async () => {
    const a = await create();
    const b = await create();
    const [keyA, keyB, keyDefault] = [await keyIn(a.id), await keyIn(b.id), door.key('key_full')];
    const before = await transcriptTotal(undefined, keyDefault);
    const res = await inWorld(a.id, '/api/v1/transcripts', json({ title: 'only in A', messages: [{ role: 'user', content: 'hi' }] }, { 'x-api-key': keyA }));
    expect(res.status).toBe(201);
    expect(await transcriptTotal(a.id, keyA)).toBe(before + 1);
    expect(await transcriptTotal(b.id, keyB)).toBe(before);
    expect(await transcriptTotal(undefined, keyDefault)).toBe(before);
  });

  it('reset, clock, faults and journal act on the header world only', async () => {
    const a = await create();
    const keyA = await keyIn(a.id);
    const keyDefault = door.key('key_full');
    const start = door.emulator.clock.now();
    // Clock.
    const moved = await inWorld(a.id, '/__emulator/clock', json({ advanceMs: 60_000 }));
    expect(((await moved.json()) as { now: number }).now).toBe(start + 60_000);
    expect(door.emulator.clock.now()).toBe(start);
    expect((await door.emulator.world(a.id)).clock.now()).toBe(start + 60_000);
    // Faults.
    const fault = await inWorld(a.id, '/__emulator/faults', json({ path: '/api/v1/transcripts', status: 503 }));
    expect(fault.status).toBe(201);
    expect((await inWorld(a.id, '/api/v1/transcripts', { headers: { 'x-api-key': keyA } })).status).toBe(503);
    expect((await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': keyDefault } })).status).toBe(200);
    expect(door.emulator.faults.list()).toEqual([]);
    // Journal: each world records its own requests.
    const journalA = (await (await inWorld(a.id, '/__emulator/requests')).json()) as { data: { status: number }[] };
    expect(journalA.data.map((e) => e.status)).toEqual([503]);
    expect(door.emulator.requests.list().map((e) => e.status)).toEqual([200]);
    // Reset: A goes back to its start; the default world keeps its own state.
    await inWorld(a.id, '/api/v1/transcripts', json({ title: 'x', messages: [] }, { 'x-api-key': keyA }));
    const reset = await inWorld(a.id, '/__emulator/reset', { method: 'POST' });
    expect(reset.status).toBe(200);
    expect((await door.emulator.world(a.id)).clock.now()).toBe(start);
    expect((await inWorld(a.id, '/__emulator/faults').then((r) => r.json())) as { data: unknown[] }).toMatchObject({ data: [] });
    expect(door.emulator.requests.count()).toBe(1);
  });

  it("runs a world's clock jobs when its clock moves, and only its own", async () => {
    const a = await create({ scenario: 'indexing-in-progress' });
    const b = await create({ scenario: 'indexing-in-progress' });
    const statuses = async (world: string) =>
      ((await (await inWorld(world, '/__emulator/rag/files')).json()) as { data: { fileId: string; status: string }[] }).data.find((f) => f.fileId === 'file_pending')?.status;
    expect(await statuses(a.id)).toBe('pending');
    await inWorld(a.id, '/__emulator/clock', json({ advanceMs: 600_000 }));
    expect(await statuses(a.id)).toBe('completed');
    expect(await statuses(b.id)).toBe('pending');
  });

  it('answers 404 WORLD_NOT_FOUND for an unknown world, on service and control routes', async () => {
    const service = await door.fetch('/api/v1/transcripts', { headers: { 'x-api-key': door.key('key_full'), [W]: 'w_nope' } });
    const body = await expectError(service, 404, 'WORLD_NOT_FOUND');
    expect(body.error.message).toContain('w_nope');
    await expectError(await inWorld('w_nope', '/__emulator/health'), 404, 'WORLD_NOT_FOUND');
    await expectError(await inWorld('w_nope', '/__emulator/reset', { method: 'POST' }), 404, 'WORLD_NOT_FOUND');
  });

  it('deletes a world (204): its id is then unknown; the default world cannot be deleted (409)', async () => {
    const a = await create();
    const del = await door.fetch(`/__emulator/worlds/${a.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    await expectError(await inWorld(a.id, '/__emulator/health'), 404, 'WORLD_NOT_FOUND');
    await expectError(await door.fetch(`/__emulator/worlds/${a.id}`, { method: 'DELETE' }), 404, 'WORLD_NOT_FOUND');
    await expectError(await door.fetch('/__emulator/worlds/default', { method: 'DELETE' }), 409, 'CONFLICT');
    expect(door.emulator.worlds().map((w) => w.id)).toEqual(['default']);
  });

  it('refuses a bad body with 400 naming the field, and a bad document with every path, creating nothing', async () => {
    const seed = await expectError(await door.fetch('/__emulator/worlds', json({ seed: 'x' })), 400, 'VALIDATION_ERROR');
    expect(seed.error.details?.issues?.map((i) => i.path)).toContain('body.seed');
    const extra = await expectError(await door.fetch('/__emulator/worlds', json({ scenari: 'default' })), 400, 'VALIDATION_ERROR');
    expect(JSON.stringify(extra.error.details)).toContain('scenari');
    const doc = { ...tinyDocument(), users: 'none', seed: 'x' };
    const bad = await expectError(await door.fetch('/__emulator/worlds', json({ scenario: doc })), 400, 'VALIDATION_ERROR');
    const paths = bad.error.details?.issues?.map((i) => i.path) ?? [];
    expect(paths).toContain('users');
    expect(paths).toContain('seed');
    await expectError(await door.fetch('/__emulator/worlds', json({ scenario: 'no-such-scenario' })), 404, 'NOT_FOUND');
    expect(door.emulator.worlds().map((w) => w.id)).toEqual(['default']);
  });

  it('gives the same bytes in two worlds of the same seed after the same requests', async () => {
    const run = async (world: string) => {
      const key = await keyIn(world);
      const texts: string[] = [];
      const created = await inWorld(world, '/api/v1/transcripts', json({ title: 'same', messages: [{ role: 'user', content: 'same' }] }, { 'x-api-key': key }));
      texts.push(created.headers.get('x-request-id') ?? '', await created.text());
      const list = await inWorld(world, '/api/v1/transcripts', { headers: { 'x-api-key': key } });
      texts.push(list.headers.get('x-request-id') ?? '', await list.text());
      return texts;
    };
    const a = await create({ seed: 99 });
    const b = await create({ seed: 99 });
    expect(a.id).not.toBe(b.id);
    expect(await run(b.id)).toEqual(await run(a.id));
  });

  it('lets a browser page send the header (CORS preflight)', async () => {
    const pre = await door.fetch('/api/v1/transcripts', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key, x-emulator-world' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-emulator-world');
  });

  it('has a JS face per world: createWorld, world(id), worlds(), deleteWorld', async () => {
    const world = await door.emulator.createWorld({ seed: 12 });
    made.push(world.id);
    expect(world.seed).toBe(12);
    expect(world.handles.workspaces.length).toBeGreaterThan(0);
    expect(door.emulator.worlds().map((w) => w.id)).toContain(world.id);
    expect(await door.emulator.world(world.id)).toBe(world);
    const res = await world.fetch(new Request(`${door.baseUrl}/__emulator/health`));
    expect(((await res.json()) as { seed: number }).seed).toBe(12);
    await world.clock.advance(1000);
    expect(world.clock.now()).toBe(door.emulator.clock.now() + 1000);
    await door.emulator.deleteWorld(world.id);
    await expect(door.emulator.world(world.id)).rejects.toMatchObject({ code: 'WORLD_NOT_FOUND' });
    await expect(door.emulator.deleteWorld('default')).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
