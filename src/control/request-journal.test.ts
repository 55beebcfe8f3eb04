// The journal's ring buffer keeps the newest entries, oldest first, exactly as a trimmed array would.
import { describe, expect, it } from 'vitest';
import { RequestJournal, type JournalEntry } from './request-journal.js';

const entry = (n: number): JournalEntry => ({ method: 'GET', path: `/p/${n}`, status: n % 2 ? 200 : 404, keyId: null, at: '2026-01-01T00:00:00.000Z', durationMs: n });

describe('RequestJournal ring buffer', () => {
  it('drops the oldest entries beyond capacity and reads oldest first', () => {
    for (const extra of [0, 1, 3, 4, 7]) {
      const journal = new RequestJournal(4);
      const all: JournalEntry[] = [];
      for (let i = 0; i < 4 + extra; i++) {
        journal.record(entry(i));
        all.push(entry(i));
      }
      expect(journal.query().entries).toEqual(all.slice(-4));
      expect(journal.query({ limit: 2 }).entries).toEqual(all.slice(-2));
      expect(journal.query({ status: 404 }).matched).toBe(all.slice(-4).filter((e) => e.status === 404).length);
    }
  });

  it('clears and refills', () => {
    const journal = new RequestJournal(2);
    for (let i = 0; i < 5; i++) journal.record(entry(i));
    expect(journal.clear()).toBe(2);
    expect(journal.query().entries).toEqual([]);
    journal.record(entry(9));
    expect(journal.query().entries).toEqual([entry(9)]);
  });
});
