// One area definition, mounted through the world's area list (createEmulator's `areas`), brings its
// tables, routes, clock job and scenario section through both doors on both drivers; the world
// sweeps its rows with their workspace, exports and snapshots its table, and validates its section.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineArea, type AreaContext } from '../src/core/area.js';
import type { WorkspaceHandle } from '../src/core/handles.js';
import { defineRoute, workspaceOf } from '../src/core/route.js';
import { MountedAreas } from '../src/emulator/area-mount.js';
import { MATRIX, json, openDoor, sharedEmulator, type Door } from './support/doors.js';

interface Note {
  id: string;
  text: string;
  stamped: boolean;
  workspaceName: string;
}

/** The test area's API: notes in its own table, stamped by a clock job a second after they are written. */
class NoteStore {
  constructor(private readonly ctx: AreaContext) {}

  async add(workspaceId: string, text: string): Promise<string> {
    const id = this.ctx.ids.objectId();
    await this.ctx.storage.run('INSERT INTO area_notes (id, workspace_id, text, stamped, created_at) VALUES (?, ?, ?, 0, ?)', [id, workspaceId, text, this.ctx.clock.now()]);
    return id;
  }

  async list(workspaceId: string): Promise<Note[]> {
    // Another area's API, through the context: the workspace's name from the workspaces area.
    const ws = await this.ctx.area('workspaces').get(workspaceId);
    const rows = await this.ctx.storage.all('SELECT id, text, stamped FROM area_notes WHERE workspace_id = ? ORDER BY created_at, id', [workspaceId]);
    return rows.map((r) => ({ id: String(r.id), text: String(r.text), stamped: Number(r.stamped) === 1, workspaceName: ws?.name ?? '' }));
  }

  /** A clone carries the notes along (the area's onWorkspaceClone). */
  async copy(fromId: string, toId: string): Promise<void> {
    for (const note of await this.list(fromId)) await this.add(toId, note.text);
  }

  async stamp(id: string): Promise<void> {
    await this.ctx.storage.run('UPDATE area_notes SET stamped = 1 WHERE id = ?', [id]);
  }
}

const NotesSection = z.array(z.object({ text: z.string().min(1) }).strict());
const CreateNote = z.object({ text: z.string().min(1).max(200) }).strict();

const notesArea = defineArea({
  name: 'notes',
  tables: [
    {
      name: 'area_notes',
      ddl: `CREATE TABLE IF NOT EXISTS area_notes (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, text TEXT NOT NULL,
        stamped INTEGER NOT NULL DEFAULT 0, created_at BIGINT NOT NULL)`,
    },
  ],
  uses: ['workspaces'],
  create: (ctx) => new NoteStore(ctx),
  routes: (notes, ctx) => [
    defineRoute({
      method: 'GET',
      path: '/api/v1/notes',
      tag: 'notes',
      summary: 'List notes',
      auth: { kind: 'workspace', level: 'read' },
      emulatorDefined: true,
      handler: async ({ principal }) => ({ notes: await notes.list(workspaceOf(principal)) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/notes',
      tag: 'notes',
      summary: 'Write a note',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      body: CreateNote,
      status: 201,
      handler: async ({ principal, body }) => {
        const id = await notes.add(workspaceOf(principal), body.text);
        await ctx.scheduler.schedule('notes.stamp', { noteId: id }, 1000);
        return { id };
      },
    }),
  ],
  jobs: (notes) => ({ 'notes.stamp': (payload) => notes.stamp(String(payload.noteId)) }),
  onWorkspaceClone: (fromId, toId, notes) => notes.copy(fromId, toId),
  scenario: {
    key: 'notes',
    schema: NotesSection,
    load: async (section, { workspaceId, handle }, notes) => {
      const ids: string[] = [];
      for (const note of section) ids.push(await notes.add(workspaceId, note.text));
      (handle as WorkspaceHandle & { notes?: string[] }).notes = ids;
    },
  },
});

const SECRET = 'svc_' + 'A1b2'.repeat(21) + 'xyz';
const scenario = {
  name: 'notes',
  seed: 7,
  now: '2026-03-01T00:00:00.000Z',
  users: [{ id: 'u1', email: 'owner@example.com' }],
  workspaces: [
    { id: 'ws1', name: 'Notebook', ownerId: 'u1', apiKeys: [{ id: 'k1', name: 'key', secret: SECRET }], notes: [{ text: 'first' }, { text: 'second' }] },
    { id: 'ws2', name: 'Other', ownerId: 'u1', notes: [{ text: 'elsewhere' }] },
  ],
};

describe.each(MATRIX)('an area from the list ($label)', ({ driver, door: doorName }) => {
  let door: Door;
  const headers = { 'x-api-key': SECRET };
  const notesOf = async () => ((await (await door.fetch('/api/v1/notes', { headers })).json()) as { notes: Note[] }).notes;

  beforeAll(async () => {
    door = await openDoor(doorName, await sharedEmulator(driver, { areas: [notesArea] }));
  });
  afterAll(async () => {
    await door.emulator.loadScenario('default');
    await door.close();
  });

  it('creates its table, loads its scenario section after the built-in content and extends the handle', async () => {
    const handles = await door.emulator.loadScenario(scenario);
    const ids = (handles.workspaces[0] as WorkspaceHandle & { notes?: string[] }).notes;
    expect(ids).toHaveLength(2);
    const notes = await notesOf();
    expect(notes.map((n) => [n.id, n.text, n.workspaceName])).toEqual([
      [ids![0], 'first', 'Notebook'],
      [ids![1], 'second', 'Notebook'],
    ]);
  });

  it('serves its routes and runs its clock job; a reset takes its table back', async () => {
    await door.emulator.loadScenario(scenario);
    const res = await door.fetch('/api/v1/notes', json({ text: 'third' }, headers));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await notesOf()).find((n) => n.id === id)?.stamped).toBe(false);
    await door.emulator.clock.advance(1000);
    expect((await notesOf()).find((n) => n.id === id)?.stamped).toBe(true);
    await door.emulator.reset();
    expect((await notesOf()).map((n) => n.text)).toEqual(['first', 'second']);
  });

  it('validates its body like every route: a 400 naming the field, nothing written', async () => {
    await door.emulator.loadScenario(scenario);
    const res = await door.fetch('/api/v1/notes', json({ text: '' }, headers));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues[0]?.path).toBe('body.text');
    expect(await notesOf()).toHaveLength(2);
  });

  it('refuses a bad section, and an unknown workspace key, with a 400 naming the path', async () => {
    await door.emulator.loadScenario(scenario);
    const bad = { ...scenario, workspaces: [{ ...scenario.workspaces[0], notes: [{ text: '' }], nots: [] }] };
    const res = await door.fetch('/__emulator/scenario', json(bad));
    expect(res.status).toBe(400);
    const paths = ((await res.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['workspaces[0].notes[0].text', 'workspaces[0].nots']));
    expect(await notesOf()).toHaveLength(2);
  });

  it('exports and imports its table with the state', async () => {
    await door.emulator.loadScenario(scenario);
    const state = await door.emulator.exportState();
    expect(state.tables.area_notes?.map((r) => r.text).sort()).toEqual(['elsewhere', 'first', 'second']);
    await door.fetch('/api/v1/notes', json({ text: 'later' }, headers));
    const put = await door.fetch('/__emulator/state', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(state) });
    expect(put.status).toBe(200);
    expect((await notesOf()).map((n) => n.text)).toEqual(['first', 'second']);
  });

  it('copies its rows into a workspace clone through its hook', async () => {
    await door.emulator.loadScenario(scenario);
    const owner = { authorization: `Bearer ${door.emulator.handles.users[0]!.accessToken}` };
    const res = await door.fetch('/api/v1/workspaces/ws1/clone', json({ name: 'Copy' }, owner));
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    await door.emulator.clock.advance(2000);
    const job = (await (await door.fetch(`/api/v1/workspaces/clone-jobs/${jobId}`, { headers: owner })).json()) as { workspaceId: string };
    const { tables } = await door.emulator.exportState();
    expect(tables.area_notes?.filter((r) => r.workspace_id === job.workspaceId).map((r) => r.text).sort()).toEqual(['first', 'second']);
  });

  it('loses its rows with their workspace and keeps the others', async () => {
    await door.emulator.loadScenario(scenario);
    const owner = door.emulator.handles.users[0]!.accessToken;
    const res = await door.fetch('/api/v1/workspaces/ws1', { method: 'DELETE', headers: { authorization: `Bearer ${owner}` } });
    expect(res.status).toBe(200);
    const { tables } = await door.emulator.exportState();
    expect(tables.area_notes?.map((r) => r.workspace_id)).toEqual(['ws2']);
  });
});

describe('mounting the list', () => {
  const base = {} as Omit<AreaContext, 'area'>;

  it('refuses an area that uses one not mounted before it, and a job kind outside its name', () => {
    const early = defineArea({ name: 'early', uses: ['late'], create: () => ({}) });
    const late = defineArea({ name: 'late', create: () => ({}) });
    expect(() => new MountedAreas([early, late], base, {})).toThrow(/uses late/);
    const stray = defineArea({ name: 'stray', create: () => ({}), jobs: () => ({ 'other.kind': async () => undefined }) });
    expect(() => new MountedAreas([stray], base, {}).jobs()).toThrow(/must start with "stray\."/);
  });

  it('gives each area the APIs of the built-in areas and of those listed before it', () => {
    const first = defineArea({ name: 'first', create: () => ({ hello: 'from first' }) });
    const second = defineArea({ name: 'second', uses: ['first', 'users'], create: (ctx) => ({ seen: ctx.area<{ hello: string }>('first').hello, users: ctx.area('users') }) });
    const mounted = new MountedAreas([first, second], base, { users: 'the users store' });
    expect(mounted.api('second')).toEqual({ seen: 'from first', users: 'the users store' });
  });
});
