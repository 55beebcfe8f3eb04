// Creates past the size of a list-order block: the order index's one-statement count refuses a full
// block, so the create reads its row's seq back and the block splits (src/areas/transcripts/store.ts,
// order-index.ts). Every page of the list must still be the newest-first order, on both drivers.
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { DRIVERS } from './support/doors.js';

const BASE = 'http://127.0.0.1:4010/api/v1/transcripts';
// Past two blocks' worth of keys (a block splits when it holds 2 × 2048 keys on SQLite, 2 × 256 on PGlite).
const CREATES: Record<string, number> = { sqlite: 4_200, pglite: 600 };
const PAGE = 100;
const SECRET = `svc_${'S5p1i2t3K4'.repeat(9).slice(0, 87)}`;
const SCENARIO = {
  name: 'transcript-create-split',
  settings: { rateLimits: { transcripts: { perMinute: 1_000_000 } } },
  users: [{ id: 'user_o', email: 'o@example.com', name: 'O' }],
  workspaces: [{ id: 'ws_s', name: 'S', slug: 's', ownerId: 'user_o', apiKeys: [{ id: 'key_s', name: 's', secret: SECRET }] }],
};

// Both drivers in the full run; one in the quick loop (PGlite where better-sqlite3 does not load).
describe.each(DRIVERS)('transcript creates past a block (%s)', (storage) => {
  let emulator: Emulator | undefined;
  afterAll(() => emulator?.close());

  it('lists every created transcript newest first, on every page, with the right total', { timeout: 120_000 }, async () => {
    emulator = await createEmulator({ storage, scenario: SCENARIO });
    const headers = { 'x-api-key': SECRET, 'content-type': 'application/json' };
    // A list first: the order index is built (and known current), so each create counts itself in
    // it, and a full block is split by the create that finds it full.
    expect(((await (await emulator.fetch(new Request(BASE, { headers }))).json()) as { total: number }).total).toBe(0);
    const created: string[] = [];
    const count = CREATES[storage];
    if (count === undefined) throw new Error(`no create count for ${storage}`);
    for (let i = 0; i < count; i++) {
      const res = await emulator.fetch(new Request(BASE, { method: 'POST', headers, body: JSON.stringify({ title: `t${i}` }) }));
      expect(res.status).toBe(201);
      created.push(((await res.json()) as { _id: string })._id);
    }
    // One instant: the list's order is the creation order, newest first.
    const expected = created.reverse();
    const listed: string[] = [];
    for (let page = 1; listed.length < expected.length; page++) {
      const res = await emulator.fetch(new Request(`${BASE}?limit=${PAGE}&page=${page}`, { headers }));
      const body = (await res.json()) as { transcripts: { _id: string }[]; total: number };
      expect(body.total).toBe(expected.length);
      expect(body.transcripts.length).toBeGreaterThan(0);
      listed.push(...body.transcripts.map((t) => t._id));
    }
    expect(listed).toEqual(expected);
  });
});
