// A counted index over each workspace's transcripts in list order (most recently active first), so
// any page of the list and its total cost the same at a thousand transcripts as at a million.
//
// The order key is (updated_at, seq), unique per transcript. `transcript_pages` cuts each workspace's
// keys into blocks of BLOCK..2·BLOCK keys, each row holding its lowest key and how many keys it holds;
// a page is found by summing the counts from the top (a few hundred rows at a million transcripts)
// and stepping at most one block through the (workspace_id, updated_at, seq) index. Every write to a
// transcript's key updates its block in the same transaction. Writers that insert transcripts around
// the store (bulk scenario generation) call `forgetTranscriptOrder`, and the index is rebuilt on next
// use; so is a database whose `meta` row says nothing (a state import, a fresh load).
import type { SqlValue, Statement, Storage } from '../../storage/storage.js';

/** Keys per block after a split; a block splits when it passes twice this. */
const BLOCK = 2048;
/**
 * On Postgres (PGlite) stepping over a key reads its heap row too (no index-only scans without a
 * VACUUM), at several µs each in WASM, while the window pass over block rows is cheap: smaller blocks.
 */
const PG_BLOCK = 256;
const META_KEY = 'transcripts.order';

export interface OrderKey {
  at: number;
  seq: number;
}

interface BlockRow {
  [column: string]: SqlValue;
  lo_at: number;
  lo_seq: number;
  n: number;
}

interface PageBlock {
  [column: string]: SqlValue;
  lo_at: number;
  n: number;
  cum: number;
  total: number;
  up_at: number | null;
  up_seq: number | null;
  floor_at: number | null;
  floor_seq: number | null;
}

/**
 * Where one page starts: an upper bound (exclusive) on the key and an offset under it; `floor`, a
 * lower bound (inclusive) on every key of the page (null: the page reaches the bottom).
 */
export interface PageSeek {
  total: number;
  below: OrderKey | null;
  skip: number;
  floor: OrderKey | null;
}

/** Marks the index stale: the next use rebuilds it from the transcripts table. */
export async function forgetTranscriptOrder(storage: Storage): Promise<void> {
  await storage.run('DELETE FROM meta WHERE key = ?', [META_KEY]);
}

/**
 * Counts a key in the block holding it, if the index is current and the block has room; `seq` is
 * a placeholder or a subquery. `=` a one-row subquery, not `IN`: SQLite builds an ephemeral table
 * for every IN (subquery) (~70 µs a create); a scalar row compare is one index seek (~10 µs).
 */
const bumpSql = (seq: string) => `UPDATE transcript_pages SET n = n + 1
       WHERE workspace_id = ? AND (lo_at, lo_seq) = (
         SELECT lo_at, lo_seq FROM transcript_pages
         WHERE workspace_id = ? AND (lo_at, lo_seq) <= (?, ${seq}) ORDER BY lo_at DESC, lo_seq DESC LIMIT 1)
       AND n < ? AND EXISTS (SELECT 1 FROM meta WHERE key = ?)`;

export class TranscriptOrder {
  /**
   * `block`: keys per block after a split (smaller in tests, to exercise splits); `oneStatement`:
   * `add` tries its one-statement common case first (off in a test, to compare with the general path).
   */
  constructor(
    private readonly storage: Storage,
    private readonly block = storage.kind === 'pglite' ? PG_BLOCK : BLOCK,
    private readonly oneStatement = true,
  ) {}

  /**
   * Rebuilds every workspace's blocks when the index is not known to be current; true when it did
   * (the rebuild read the table as written, so the caller's change is counted already).
   */
  private async ensure(): Promise<boolean> {
    const known = await this.storage.get('SELECT value FROM meta WHERE key = ?', [META_KEY]);
    if (known) return false;
    await this.storage.transaction(async () => {
      await this.storage.run('DELETE FROM transcript_pages');
      // Every BLOCK-th key of each workspace, ascending, starts a block.
      const starts = await this.storage.all<{ workspace_id: string; lo_at: number; lo_seq: number; rn: number }>(
        `SELECT workspace_id, updated_at AS lo_at, seq AS lo_seq, rn FROM (
           SELECT workspace_id, updated_at, seq, ROW_NUMBER() OVER (PARTITION BY workspace_id ORDER BY updated_at, seq) AS rn
           FROM transcripts) x
         WHERE (rn - 1) % ${this.block} = 0 ORDER BY workspace_id, rn`,
      );
      const counts = await this.storage.all<{ workspace_id: string; n: number }>('SELECT workspace_id, COUNT(*) AS n FROM transcripts GROUP BY workspace_id');
      const totals = new Map(counts.map((c) => [c.workspace_id, Number(c.n)]));
      for (const s of starts) {
        const rn = Number(s.rn);
        const n = Math.min(this.block, (totals.get(s.workspace_id) ?? 0) - (rn - 1));
        await this.storage.run('INSERT INTO transcript_pages (workspace_id, lo_at, lo_seq, n) VALUES (?, ?, ?, ?)', [s.workspace_id, Number(s.lo_at), Number(s.lo_seq), n]);
      }
      await this.storage.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [META_KEY, '1']);
    });
    return true;
  }

  /** The block holding `key`: the one with the greatest lowest key not above it. */
  private blockOf(workspaceId: string, key: OrderKey): Promise<BlockRow | undefined> {
    return this.storage.get<BlockRow>(
      'SELECT lo_at, lo_seq, n FROM transcript_pages WHERE workspace_id = ? AND (lo_at, lo_seq) <= (?, ?) ORDER BY lo_at DESC, lo_seq DESC LIMIT 1',
      [workspaceId, key.at, key.seq],
    );
  }

  /** Counts a key already written to the transcripts table. */
  async add(workspaceId: string, key: OrderKey): Promise<void> {
    if (this.oneStatement && (await this.bump(workspaceId, key))) return;
    if (!(await this.ensure())) await this.addKnown(workspaceId, key);
  }

  /**
   * The common case of `add` in one statement (one round trip instead of three on PGlite): the index
   * is current (`meta` vouches for it) and the key falls in a block with room for it. False when
   * it changed nothing: then `add` takes the general path (rebuild, new lowest block, or split),
   * which finds the index exactly as it was.
   */
  private async bump(workspaceId: string, key: OrderKey): Promise<boolean> {
    const { changes } = await this.storage.run(bumpSql('?'), [workspaceId, workspaceId, key.at, key.seq, 2 * this.block, META_KEY]);
    return changes === 1;
  }

  /**
   * `bump` for the transcript `id` just written, its seq read in the statement itself, so a create
   * sends it in the same batch as its insert (`Storage.batch`). When it changes no row, count the key
   * with `addUnbumped`.
   */
  bumpWritten(workspaceId: string, at: number, id: string): Statement {
    return { sql: bumpSql('(SELECT seq FROM transcripts WHERE id = ?)'), params: [workspaceId, workspaceId, at, id, 2 * this.block, META_KEY] };
  }

  /** `add` for a key `bumpWritten` did not count (the index is stale, or its block is full or missing). */
  async addUnbumped(workspaceId: string, key: OrderKey): Promise<void> {
    if (!(await this.ensure())) await this.addKnown(workspaceId, key);
  }

  private async addKnown(workspaceId: string, key: OrderKey): Promise<void> {
    let block = await this.blockOf(workspaceId, key);
    if (!block) {
      // Below every block: the lowest block now starts at this key.
      const lowest = await this.storage.get<BlockRow>('SELECT lo_at, lo_seq, n FROM transcript_pages WHERE workspace_id = ? ORDER BY lo_at, lo_seq LIMIT 1', [
        workspaceId,
      ]);
      if (!lowest) {
        await this.storage.run('INSERT INTO transcript_pages (workspace_id, lo_at, lo_seq, n) VALUES (?, ?, ?, 1)', [workspaceId, key.at, key.seq]);
        return;
      }
      await this.storage.run('UPDATE transcript_pages SET lo_at = ?, lo_seq = ? WHERE workspace_id = ? AND lo_at = ? AND lo_seq = ?', [
        key.at,
        key.seq,
        workspaceId,
        lowest.lo_at,
        lowest.lo_seq,
      ]);
      block = { lo_at: key.at, lo_seq: key.seq, n: lowest.n };
    }
    const n = Number(block.n) + 1;
    if (n <= 2 * this.block) {
      await this.setCount(workspaceId, block, n);
      return;
    }
    // Split: the upper half becomes a block of its own, starting at the BLOCK-th key from the bottom.
    const mid = await this.storage.get<{ updated_at: number; seq: number }>(
      `SELECT updated_at, seq FROM transcripts WHERE workspace_id = ? AND (updated_at, seq) >= (?, ?) ORDER BY updated_at, seq LIMIT 1 OFFSET ${this.block}`,
      [workspaceId, block.lo_at, block.lo_seq],
    );
    if (!mid) throw new Error('transcript order index out of step with its table');
    await this.setCount(workspaceId, block, this.block);
    await this.storage.run('INSERT INTO transcript_pages (workspace_id, lo_at, lo_seq, n) VALUES (?, ?, ?, ?)', [
      workspaceId,
      Number(mid.updated_at),
      Number(mid.seq),
      n - this.block,
    ]);
  }

  /** Uncounts a key (its row already gone or about to move). */
  async remove(workspaceId: string, key: OrderKey): Promise<void> {
    if (!(await this.ensure())) await this.removeKnown(workspaceId, key);
  }

  private async removeKnown(workspaceId: string, key: OrderKey): Promise<void> {
    const block = await this.blockOf(workspaceId, key);
    if (!block) throw new Error('transcript order index out of step with its table');
    const n = Number(block.n) - 1;
    if (n > 0) await this.setCount(workspaceId, block, n);
    else await this.storage.run('DELETE FROM transcript_pages WHERE workspace_id = ? AND lo_at = ? AND lo_seq = ?', [workspaceId, block.lo_at, block.lo_seq]);
  }

  /** A transcript's key changed (new activity): counted under its new place. */
  async move(workspaceId: string, from: OrderKey, to: OrderKey): Promise<void> {
    if (from.at === to.at && from.seq === to.seq) return;
    if (await this.ensure()) return;
    await this.removeKnown(workspaceId, from);
    await this.addKnown(workspaceId, to);
  }

  private async setCount(workspaceId: string, block: BlockRow, n: number): Promise<void> {
    await this.storage.run('UPDATE transcript_pages SET n = ? WHERE workspace_id = ? AND lo_at = ? AND lo_seq = ?', [n, workspaceId, block.lo_at, block.lo_seq]);
  }

  /**
   * Where the page of `limit` keys starting `offset` keys from the top begins, and the workspace's
   * total. One statement: a window pass over the blocks (a few hundred rows at a million keys), top
   * down, finds the block holding the page's first key, the block above it (its lowest key bounds
   * the page from above) and the block holding the page's last key (its lowest key, from below).
   */
  async seek(workspaceId: string, offset: number, limit = 1): Promise<PageSeek> {
    await this.ensure();
    const hit = await this.storage.get<PageBlock>(
      `WITH b AS (
         SELECT lo_at, lo_seq, n, SUM(n) OVER w AS cum, LAG(lo_at) OVER w AS up_at, LAG(lo_seq) OVER w AS up_seq
         FROM transcript_pages WHERE workspace_id = ?
         WINDOW w AS (ORDER BY lo_at DESC, lo_seq DESC ROWS UNBOUNDED PRECEDING))
       SELECT h.lo_at, h.n, h.cum, h.up_at, h.up_seq, f.lo_at AS floor_at, f.lo_seq AS floor_seq, (SELECT SUM(n) FROM b) AS total
       FROM (SELECT * FROM b WHERE cum > ? ORDER BY cum LIMIT 1) h
       LEFT JOIN (SELECT lo_at, lo_seq FROM b WHERE cum > ? ORDER BY cum LIMIT 1) f ON 1 = 1`,
      [workspaceId, offset, offset + limit - 1],
    );
    if (!hit) {
      const all = await this.storage.get<{ total: number | null }>('SELECT SUM(n) AS total FROM transcript_pages WHERE workspace_id = ?', [workspaceId]);
      return { total: Number(all?.total ?? 0), below: null, skip: offset, floor: null };
    }
    const before = Number(hit.cum) - Number(hit.n);
    const below = hit.up_at === null ? null : { at: Number(hit.up_at), seq: Number(hit.up_seq) };
    const floor = hit.floor_at === null ? null : { at: Number(hit.floor_at), seq: Number(hit.floor_seq) };
    return { total: Number(hit.total), below, skip: offset - before, floor };
  }
}
