// The list-order index against a plain ORDER BY … OFFSET, through inserts, moves, deletes and rebuilds, on both drivers.
import { describe, expect, it } from 'vitest';
import { SqliteStorage } from '../../storage/sqlite/sqlite-storage.js';
import { PgliteStorage } from '../../storage/pglite/pglite-storage.js';
import type { Storage } from '../../storage/storage.js';
import { betterSqliteLoads } from '../../storage/sqlite-probe.js';
import { TranscriptOrder, forgetTranscriptOrder, type OrderKey } from './order-index.js';
import { CORE_TABLES } from '../../storage/schema.js';
import { TRANSCRIPTS_TABLES } from './tables.js';

/** The area's own tables and storage's (the order index keeps its note in `meta`). */
const tables = [...TRANSCRIPTS_TABLES, ...CORE_TABLES];

const WS = ['ws_a', 'ws_b'];

async function insert(storage: Storage, id: string, ws: string, key: OrderKey) {
  await storage.run(
    'INSERT INTO transcripts (id, seq, workspace_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    [id, key.seq, ws, id, key.at, key.at],
  );
}

/** The key at every rank, found through the index, equals the plain OFFSET answer. */
async function expectAgrees(storage: Storage, order: TranscriptOrder, ws: string) {
  const plain = await storage.all<{ seq: number }>('SELECT seq FROM transcripts WHERE workspace_id = ? ORDER BY updated_at DESC, seq DESC', [ws]);
  for (let offset = 0; offset <= plain.length; offset++) {
    const seek = await order.seek(ws, offset);
    expect(seek.total).toBe(plain.length);
    if (offset === plain.length) continue;
    const row = seek.below
      ? await storage.get<{ seq: number }>(
          'SELECT seq FROM transcripts WHERE workspace_id = ? AND (updated_at, seq) < (?, ?) ORDER BY updated_at DESC, seq DESC LIMIT 1 OFFSET ?',
          [ws, seek.below.at, seek.below.seq, seek.skip],
        )
      : await storage.get<{ seq: number }>('SELECT seq FROM transcripts WHERE workspace_id = ? ORDER BY updated_at DESC, seq DESC LIMIT 1 OFFSET ?', [ws, seek.skip]);
    expect(Number(row?.seq), `offset ${offset}`).toBe(Number(plain[offset]?.seq));
  }
}

// SQLite only where better-sqlite3 loads (an install without a compiler has PGlite alone).
const DRIVERS: Array<readonly [string, () => Promise<Storage>]> = [
  ...((await betterSqliteLoads()) ? [['sqlite', () => SqliteStorage.create({ tables })] as const] : []),
  ['pglite', () => PgliteStorage.create({ tables })] as const,
];

describe.each(DRIVERS)('transcript order index on %s', (_name, open) => {
  it('answers every offset like ORDER BY … OFFSET through inserts, moves, deletes and a rebuild', async () => {
    const storage = await open();
    const order = new TranscriptOrder(storage, 3);
    const keys = new Map<string, { ws: string; key: OrderKey }>();
    let seq = 0;
    // A fixed pseudo-random walk: repeated times, moves up and down, deletions.
    let x = 7;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 120; i++) {
      const ws = WS[i % 2] as string;
      const key = { at: next() % 40, seq: ++seq };
      await insert(storage, `t${i}`, ws, key);
      await order.add(ws, key);
      keys.set(`t${i}`, { ws, key });
      if (i % 5 === 4) {
        const id = `t${next() % i}`;
        const entry = keys.get(id);
        if (entry) {
          const to = { at: next() % 50, seq: entry.key.seq };
          await storage.run('UPDATE transcripts SET updated_at = ? WHERE id = ?', [to.at, id]);
          await order.move(entry.ws, entry.key, to);
          entry.key = to;
        }
      }
      if (i % 7 === 6) {
        const id = `t${next() % i}`;
        const entry = keys.get(id);
        if (entry) {
          await storage.run('DELETE FROM transcripts WHERE id = ?', [id]);
          await order.remove(entry.ws, entry.key);
          keys.delete(id);
        }
      }
    }
    for (const ws of WS) await expectAgrees(storage, order, ws);
    await forgetTranscriptOrder(storage);
    for (const ws of WS) await expectAgrees(storage, order, ws);
    expect((await order.seek('ws_none', 0)).total).toBe(0);
    await storage.close();
  }, 240_000);

  it('leaves the same blocks with its one-statement add as with the general path', async () => {
    const blocksAfter = async (oneStatement: boolean) => {
      const storage = await open();
      const order = new TranscriptOrder(storage, 3, oneStatement);
      let x = 11;
      const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
      for (let i = 0; i < 90; i++) {
        const ws = WS[i % 2] as string;
        // Repeated and decreasing times: keys land in the middle, at the top and below every block.
        const key = { at: next() % 30, seq: i + 1 };
        await insert(storage, `t${i}`, ws, key);
        await order.add(ws, key);
      }
      const rows = await storage.all('SELECT workspace_id, lo_at, lo_seq, n FROM transcript_pages ORDER BY workspace_id, lo_at, lo_seq');
      await storage.close();
      return rows.map((r) => [r.workspace_id, Number(r.lo_at), Number(r.lo_seq), Number(r.n)]);
    };
    const general = await blocksAfter(false);
    expect(general.length).toBeGreaterThan(10);
    expect(await blocksAfter(true)).toEqual(general);
  }, 240_000);
});
