// The request journal: one entry per request answered outside the control API, newest last.
// `at` is emulator time at arrival; `durationMs` is wall time (what the caller waited).
import { matchesGlob } from './path-glob.js';

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
 * 10,000 entries per request); reading walks it oldest first.
 */
export class RequestJournal {
  private ring: (JournalEntry | undefined)[] = [];
  /** Where the oldest entry sits once the ring is full. */
  private head = 0;

  constructor(private readonly capacity = JOURNAL_CAPACITY) {}

  record(entry: JournalEntry): void {
    if (this.ring.length < this.capacity) {
      this.ring.push(entry);
      return;
    }
    this.ring[this.head] = entry;
    this.head = (this.head + 1) % this.capacity;
  }

  private get entries(): JournalEntry[] {
    const ring = this.ring as JournalEntry[];
    return this.head === 0 ? ring : ring.slice(this.head).concat(ring.slice(0, this.head));
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
    return { entries: entries.map((e) => ({ ...e })), matched: matched.length };
  }

  clear(): number {
    const count = this.ring.length;
    this.ring = [];
    this.head = 0;
    return count;
  }
}
