// Groups of consecutive full-text segments merged into one, so a search over many files looks each
// query term up in a few big segments instead of one small one per file. A merged segment is the
// concatenation of its members (chunk order kept, postings ascending), so BM25 statistics, scores
// and the order of equal scores are exactly those of the members searched one by one.
import type { Postings, Segment } from './full-text.js';

/** A group closes when it holds this many chunks: big enough to make lookups rare, small enough to rebuild quickly. */
const GROUP_CHUNKS = 8192;
/** Groups are built only for runs of at least this many segments (fewer cost little to search). */
const MIN_MEMBERS = 4;

interface Group {
  members: readonly Segment[];
  merged: Segment;
}

/** The concatenation of `members`, in order: each term's postings counted first, then copied once. */
export function mergeSegments(members: readonly Segment[]): Segment {
  const totals = new Map<string, number>();
  let size = 0;
  let lengthSum = 0;
  for (const member of members) {
    for (const [term, list] of member.postings) totals.set(term, (totals.get(term) ?? 0) + list.docs.length);
    size += member.ids.length;
    lengthSum += member.lengthSum;
  }
  const postings = new Map<string, { docs: Int32Array; tfs: Int32Array; filled: number; maxTf: number; minLength: number }>();
  for (const [term, total] of totals) postings.set(term, { docs: new Int32Array(total), tfs: new Int32Array(total), filled: 0, maxTf: 0, minLength: Infinity });
  const ids: string[] = new Array<string>(size);
  const lengths = new Int32Array(size);
  let offset = 0;
  for (const member of members) {
    for (const [term, list] of member.postings) {
      const into = postings.get(term) as { docs: Int32Array; tfs: Int32Array; filled: number; maxTf: number; minLength: number };
      let at = into.filled;
      for (let i = 0; i < list.docs.length; i++, at++) {
        into.docs[at] = (list.docs[i] as number) + offset;
        into.tfs[at] = list.tfs[i] as number;
        // The bounds pruning reads: largest frequency, shortest chunk holding the term.
        if ((list.tfs[i] as number) > into.maxTf) into.maxTf = list.tfs[i] as number;
        const length = member.lengths[list.docs[i] as number] as number;
        if (length < into.minLength) into.minLength = length;
      }
      into.filled = at;
    }
    for (let i = 0; i < member.ids.length; i++) {
      ids[offset + i] = member.ids[i] as string;
      lengths[offset + i] = member.lengths[i] as number;
    }
    offset += member.ids.length;
  }
  // The same shape as an analysed segment's postings, so the scoring loop sees one kind of object.
  const packed = new Map<string, Postings>();
  for (const [term, { docs, tfs, maxTf, minLength }] of postings) packed.set(term, { docs, tfs, maxTf, minLength });
  return { fileSeq: (members[0] as Segment).fileSeq, ids, lengths, lengthSum, postings: packed };
}

/**
 * Merged groups, remembered by their first member. Segments never change, so a group stays valid
 * wherever its members appear together in that order: across snapshots, restores and resets.
 */
export class SegmentGroups {
  private byFirst = new WeakMap<Segment, Group[]>();

  /**
   * `segments` (in search order) with runs of consecutive segments replaced by their merged group:
   * groups already built are reused; a run of segments not yet grouped that has reached
   * GROUP_CHUNKS is merged now. What is left over (the newest files, in the usual case) stays as it is.
   */
  compact(segments: readonly Segment[]): Segment[] {
    if (segments.length < MIN_MEMBERS) return [...segments];
    const out: Segment[] = [];
    let pending: Segment[] = [];
    let pendingChunks = 0;
    const flush = () => {
      for (const segment of pending) out.push(segment);
      pending = [];
      pendingChunks = 0;
    };
    let at = 0;
    while (at < segments.length) {
      const known = this.matching(segments, at);
      if (known) {
        flush();
        out.push(known.merged);
        at += known.members.length;
        continue;
      }
      const segment = segments[at] as Segment;
      pending.push(segment);
      pendingChunks += segment.ids.length;
      at++;
      if (pendingChunks >= GROUP_CHUNKS) {
        if (pending.length >= MIN_MEMBERS) out.push(this.build(pending));
        else for (const member of pending) out.push(member);
        pending = [];
        pendingChunks = 0;
      }
    }
    flush();
    return out;
  }

  /** The longest known group whose members start at `segments[at]`. */
  private matching(segments: readonly Segment[], at: number): Group | undefined {
    const groups = this.byFirst.get(segments[at] as Segment);
    if (!groups) return undefined;
    let best: Group | undefined;
    for (const group of groups) {
      if (best && group.members.length <= best.members.length) continue;
      if (at + group.members.length > segments.length) continue;
      if (group.members.every((member, i) => segments[at + i] === member)) best = group;
    }
    return best;
  }

  private build(members: readonly Segment[]): Segment {
    const group: Group = { members: [...members], merged: mergeSegments(members) };
    const first = members[0] as Segment;
    const groups = this.byFirst.get(first) ?? [];
    // A few per first member at most: keep the newest handful.
    if (groups.length >= 4) groups.shift();
    groups.push(group);
    this.byFirst.set(first, groups);
    return group.merged;
  }
}
