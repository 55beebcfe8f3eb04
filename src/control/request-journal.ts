// The request journal: one entry per request answered outside the control API, newest last.
// `at` is emulator time at arrival; `durationMs` is wall time (what the caller waited).
import { matchesGlob } from './path-glob.js';
import { wallDelay } from '../clock/wall-time.js';
import { maskExchange, type Exchange, type MaskedExchange } from './dashboard/mask.js';
import { ExchangeRing } from './exchange-ring.js';

export interface JournalEntry {
  method: string;
  path: string;
  /** The HTTP status answered; 0 when a fault dropped the connection. */
  status: number;
  /** The id of the valid API key the request carried, else null. Never the secret. */
  keyId: string | null;
  /** ISO 8601, emulator time. */
  at: string;
  durationMs: number;
  /** The fault rule that fired on this request, if any. */
  faultId?: string;
}

export interface JournalFilter {
  method?: string;
  /** A path glob (`*` within a segment, `**` across). */
  path?: string;
  /** An exact status, or a class such as `4xx`. */
  status?: number | string;
  /** A key id; `null` matches requests without a valid key. */
  keyId?: string | null;
  /** Only the last N matching entries. */
  limit?: number;
}

/** An entry with its place in the journal (a number that only grows), for the dashboard to open it. */
export interface NumberedJournalEntry extends JournalEntry {
  seq: number;
  /** True when the request and answer bodies were kept (see `exchange`). */
  hasExchange: boolean;
}

/** How long opening an entry waits for a streamed answer's copy to finish. */
const STREAM_WAIT_MS = 1000;

/** The newest entries that keep their request and answer (16 KB bodies each: 32 MB at most). */
export const EXCHANGE_CAPACITY = 1000;

/** Entries kept at most; the oldest go first, so a long-running server stays small. */
export const JOURNAL_CAPACITY = 10_000;

function statusMatches(wanted: number | string, status: number): boolean {
  if (typeof wanted === 'number') return status === wanted;
  const cls = /^([1-5])xx$/i.exec(wanted);
  if (cls) return Math.floor(status / 100) === Number(cls[1]);
  return String(status) === wanted;
}

/**
 * A ring buffer: recording is O(1) at capacity (dropping the oldest by index, never shifting
 * 10,000 entries per request); reading walks it oldest first. Entries are kept as columns (one
 * array per field), not one object per request: a request's entry then allocates nothing that
 * lives on (10,000 live objects promoted by the GC cost the HTTP door ~8 µs a request); reads
 * build the entry objects, with the same fields in the same order.
 */
export class RequestJournal {
  private methods: string[] = [];
  private paths: string[] = [];
  private statuses: number[] = [];
  private keyIds: (string | null)[] = [];
  private ats: string[] = [];
  private durations: number[] = [];
  private faultIds: (string | undefined)[] = [];
  /** Where the oldest entry sits once the ring is full. */
  private head = 0;
  /** The seq of the oldest entry held (ring order + first = seq). */
  private first = 1;
  /**
   * Request and answer of each entry, by seq: raw (bounded) until first read, then masked in place,
   * so recording costs only the bounded copy and no raw secret survives a read.
   */
  private readonly exchanges = new ExchangeRing(EXCHANGE_CAPACITY);

  constructor(private readonly capacity = JOURNAL_CAPACITY) {}

  /** How many entries are held. */
  private get size(): number {
    return this.methods.length;
  }

  record(entry: JournalEntry, exchange?: Exchange): void {
    this.note(entry.method, entry.path, entry.status, entry.keyId, entry.at, entry.durationMs, entry.faultId, exchange);
  }

  /** `record` from the fields themselves, with no entry object made for the request. */
  note(method: string, path: string, status: number, keyId: string | null, at: string, durationMs: number, faultId: string | undefined, exchange?: Exchange): void {
    const seq = this.first + this.size;
    // The slot's exchange (seq - EXCHANGE_CAPACITY's) goes either way.
    this.exchanges.put(seq, exchange);
    // The path of the entry before when it is the same text: this request's copy then dies young.
    const last = this.size === 0 ? undefined : this.paths[(this.head + this.size - 1) % this.size];
    const kept = last === path ? last : path;
    if (this.size < this.capacity) {
      this.methods.push(method);
      this.paths.push(kept);
      this.statuses.push(status);
      this.keyIds.push(keyId);
      this.ats.push(at);
      this.durations.push(durationMs);
      this.faultIds.push(faultId);
      return;
    }
    const at0 = this.head;
    this.methods[at0] = method;
    this.paths[at0] = kept;
    this.statuses[at0] = status;
    this.keyIds[at0] = keyId;
    this.ats[at0] = at;
    this.durations[at0] = durationMs;
    this.faultIds[at0] = faultId;
    this.head = (this.head + 1) % this.capacity;
    this.exchanges.delete(this.first);
    this.first += 1;
  }

  /** The entry at ring position `i` (0 = oldest held) as an object, `faultId` only when a fault fired. */
  private entryAt(i: number): JournalEntry {
    const at = (this.head + i) % this.size;
    const entry: JournalEntry = {
      method: this.methods[at] as string,
      path: this.paths[at] as string,
      status: this.statuses[at] as number,
      keyId: this.keyIds[at] as string | null,
      at: this.ats[at] as string,
      durationMs: this.durations[at] as number,
    };
    const faultId = this.faultIds[at];
    if (faultId !== undefined) entry.faultId = faultId;
    return entry;
  }

  /** The last `limit` entries (all without), oldest first, each with its seq. */
  numbered(limit?: number): { entries: NumberedJournalEntry[]; total: number } {
    const all = this.entries;
    const from = limit === undefined ? 0 : Math.max(0, all.length - limit);
    const entries = all.slice(from).map((e, i) => {
      const seq = this.first + from + i;
      return { seq, ...e, hasExchange: this.exchanges.has(seq) };
    });
    return { entries, total: all.length };
  }

  /** One entry and its request and answer, secrets masked; undefined once dropped or cleared. */
  async exchange(seq: number): Promise<{ entry: NumberedJournalEntry; exchange: MaskedExchange | null } | undefined> {
    const index = seq - this.first;
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return undefined;
    const entry = this.entryAt(index);
    const waiting = this.exchanges.get(seq);
    // A streamed answer still being copied: wait for its text, a while at most (a stream may stay open).
    if (waiting && 'pending' in waiting && waiting.pending) await Promise.race([waiting.pending, wallDelay(STREAM_WAIT_MS)]);
    const held = this.exchanges.get(seq);
    let masked: MaskedExchange | null = null;
    if (held) {
      masked = 'masked' in held ? held : maskExchange(held);
      this.exchanges.put(seq, masked);
    }
    return { entry: { seq, ...entry, hasExchange: held !== undefined }, exchange: masked };
  }

  /** Every entry held, oldest first (fresh objects: a reader may keep or change them). */
  private get entries(): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = 0; i < this.size; i++) out.push(this.entryAt(i));
    return out;
  }

  /** Every matching entry, oldest first (the last `limit` when given), and how many matched. */
  query(filter: JournalFilter = {}): { entries: JournalEntry[]; matched: number } {
    const method = filter.method?.toUpperCase();
    const matched = this.entries.filter(
      (e) =>
        (method === undefined || e.method === method) &&
        (filter.path === undefined || matchesGlob(filter.path, e.path)) &&
        (filter.status === undefined || statusMatches(filter.status, e.status)) &&
        (filter.keyId === undefined || e.keyId === filter.keyId),
    );
    const entries = filter.limit !== undefined ? matched.slice(Math.max(0, matched.length - filter.limit)) : matched;
    return { entries, matched: matched.length };
  }

  clear(): number {
    const count = this.size;
    this.first += count;
    this.methods = [];
    this.paths = [];
    this.statuses = [];
    this.keyIds = [];
    this.ats = [];
    this.durations = [];
    this.faultIds = [];
    this.head = 0;
    this.exchanges.clear();
    return count;
  }
}
