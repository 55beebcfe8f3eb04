// Merged segment groups: built once a run is long enough, reused by identity, and never changing a ranking.
import { describe, expect, it } from 'vitest';
import { buildSegment, rankSegments, type Segment } from './full-text.js';
import { SegmentGroups } from './segment-groups.js';

function files(count: number, perFile: number, from = 0): Segment[] {
  return Array.from({ length: count }, (_, f) =>
    buildSegment(from + f, Array.from({ length: perFile }, (_, i) => ({ id: `f${from + f}_${i}`, content: `backup ${i % 7 === 0 ? 'restore' : 'copy'} file ${from + f} part ${i}` }))),
  );
}

describe('SegmentGroups', () => {
  it('merges long runs, keeps the tail, and reuses groups by identity', () => {
    const groups = new SegmentGroups();
    const list = files(40, 500);
    const compacted = groups.compact(list);
    expect(compacted.length).toBeLessThan(list.length);
    expect(compacted.reduce((n, s) => n + s.ids.length, 0)).toBe(20_000);
    const again = groups.compact([...list, ...files(1, 10, 40)]);
    expect(again.slice(0, compacted.length - 1)).toEqual(compacted.slice(0, compacted.length - 1));
    expect(again[0]).toBe(compacted[0]);
    for (const q of ['backup', 'restore file', 'part 7 copy', 'nothing']) {
      expect(rankSegments(again, q, 25)).toEqual(rankSegments([...list, ...files(1, 10, 40)], q, 25));
    }
  });

  it('never uses a group whose members are not all in the list, in order', () => {
    const groups = new SegmentGroups();
    const list = files(40, 500);
    groups.compact(list);
    const without = [...list.slice(0, 5), ...list.slice(6)];
    for (const q of ['backup restore', 'file 5', 'part 3']) expect(rankSegments(groups.compact(without), q, 30)).toEqual(rankSegments(without, q, 30));
  });
});
