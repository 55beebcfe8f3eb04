// The full-text index of one emulator instance: an analysed segment per file and indexing run,
// built when the file's chunks are written (or from storage on first need). Storage is the truth:
// a search asks storage which files are in scope and at which run, and takes their segments from
// here. Ids come from the seed, so a file and run id are only unique along one history: a snapshot
// keeps a copy of what was known when it was taken and a restore puts that copy back.
import { buildSegment, type Segment, type TextChunk } from './full-text.js';
import { SegmentGroups } from './segment-groups.js';

/** What a snapshot keeps of the full-text index. */
export type TextSegments = ReadonlyMap<string, Segment>;

const keyOf = (fileId: string, runId: string | null) => `${fileId}\u0000${runId ?? ''}`;

export class TextIndex {
  private segments = new Map<string, Segment>();
  /** The key each file's segment is kept under, so an older run's segment is let go. */
  private keys = new Map<string, string>();
  /** Merged runs of segments: derived from segments that never change, so kept across clears and restores. */
  private readonly groups = new SegmentGroups();

  clear(): void {
    this.segments = new Map();
    this.keys = new Map();
  }

  capture(): TextSegments {
    return new Map(this.segments);
  }

  restore(segments: TextSegments): void {
    this.segments = new Map(segments);
    this.keys = new Map();
    for (const key of this.segments.keys()) this.keys.set(key.slice(0, key.indexOf('\u0000')), key);
  }

  /** Analyses the chunks just written for a file's run. */
  put(fileId: string, runId: string | null, fileSeq: number, chunks: readonly TextChunk[]): void {
    this.forget(fileId);
    const key = keyOf(fileId, runId);
    this.segments.set(key, buildSegment(fileSeq, chunks));
    this.keys.set(fileId, key);
  }

  /** Lets go of a file's segment (its chunks were deleted). */
  forget(fileId: string): void {
    const key = this.keys.get(fileId);
    if (key === undefined) return;
    this.segments.delete(key);
    this.keys.delete(fileId);
  }

  /** `segments` (in search order) with long runs merged, for a search that looks up few lists. */
  compact(segments: readonly Segment[]): Segment[] {
    return this.groups.compact(segments);
  }

  /** A file's segment at a run, analysed from `load` (its chunks by position) when not known. */
  async segment(fileId: string, runId: string | null, load: () => Promise<{ fileSeq: number; chunks: TextChunk[] }>): Promise<Segment> {
    const known = this.segments.get(keyOf(fileId, runId));
    if (known) return known;
    const { fileSeq, chunks } = await load();
    this.put(fileId, runId, fileSeq, chunks);
    return this.segments.get(keyOf(fileId, runId)) as Segment;
  }
}
