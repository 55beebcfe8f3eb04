// The full-text index of one emulator instance: an analysed segment per file and indexing run,
// built when the file's chunks are written (or from storage on first need). Storage is the truth:
// a search asks storage which files are in scope and at which run, and takes their segments from
// here. Ids come from the seed, so a file and run id are only unique along one history: a snapshot
// keeps a copy of what was known when it was taken and a restore puts that copy back. After a load
// or an import (`clear`), a segment known before is reused when storage holds exactly its chunks.
import { buildSegment, type Segment, type TextChunk } from './full-text.js';
import { SegmentGroups } from './segment-groups.js';
import { chunkFingerprint, fingerprintStart, fingerprintValue, mixInteger, mixNumber } from '../../vector/fingerprint.js';

/** What a snapshot keeps of the full-text index. */
export type TextSegments = ReadonlyMap<string, Segment>;

const keyOf = (fileId: string, runId: string | null) => `${fileId}\u0000${runId ?? ''}`;

/** Each chunk's fingerprint (id and text), in position order. */
function chunkHashesOf(chunks: readonly TextChunk[]): Float64Array {
  const hashes = new Float64Array(chunks.length);
  for (let i = 0; i < chunks.length; i++) hashes[i] = chunkFingerprint(chunks[i]!.id, chunks[i]!.content);
  return hashes;
}

/** What a segment was analysed from: its file's order and its chunks' ids and texts (their fingerprints), in order. */
function contentOf(fileSeq: number, hashes: Float64Array): number {
  const f = fingerprintStart();
  mixNumber(f, fileSeq);
  for (let i = 0; i < hashes.length; i++) mixInteger(f, hashes[i]!);
  return fingerprintValue(f);
}

export class TextIndex {
  private segments = new Map<string, Segment>();
  /** The key each file's segment is kept under, so an older run's segment is let go. */
  private keys = new Map<string, string>();
  /** Merged runs of segments: derived from segments that never change, so kept across clears and restores. */
  private readonly groups = new SegmentGroups();
  /** By segment: the fingerprint of what it was analysed from. */
  private readonly contents = new WeakMap<Segment, number>();
  /** By segment: its chunks' fingerprints, so the vector indexes can check their chunks without reading texts again. */
  private readonly hashes = new WeakMap<Segment, Float64Array>();
  /** The segments held before the last `clear`, reused where storage proves to hold the same chunks. */
  private candidates = new Map<string, Segment>();
  /** Moves on every change of which segment a file has (put, forget, clear, restore). */
  private changes = 0;

  /** See `changes`: a list of segments taken at one epoch is still right at the same epoch. */
  get epoch(): number {
    return this.changes;
  }

  clear(): void {
    this.changes++;
    for (const [key, segment] of this.segments) this.candidates.set(key, segment);
    this.segments = new Map();
    this.keys = new Map();
  }

  /** Lets go of the candidates `clear` kept (every file has been analysed or reused). */
  settle(): void {
    this.candidates = new Map();
  }

  capture(): TextSegments {
    return new Map(this.segments);
  }

  restore(segments: TextSegments): void {
    this.changes++;
    this.segments = new Map(segments);
    this.keys = new Map();
    for (const key of this.segments.keys()) this.keys.set(key.slice(0, key.indexOf('\u0000')), key);
  }

  /** Analyses the chunks just written for a file's run. */
  put(fileId: string, runId: string | null, fileSeq: number, chunks: readonly TextChunk[]): void {
    this.forget(fileId);
    this.changes++;
    const key = keyOf(fileId, runId);
    const hashes = chunkHashesOf(chunks);
    const content = contentOf(fileSeq, hashes);
    const candidate = this.candidates.get(key);
    let segment: Segment;
    if (candidate !== undefined && this.contents.get(candidate) === content) segment = candidate;
    else {
      segment = buildSegment(fileSeq, chunks);
      this.contents.set(segment, content);
    }
    this.hashes.set(segment, hashes);
    this.candidates.delete(key);
    this.segments.set(key, segment);
    this.keys.set(fileId, key);
  }

  /** Lets go of a file's segment (its chunks were deleted). */
  forget(fileId: string): void {
    const key = this.keys.get(fileId);
    if (key === undefined) return;
    this.changes++;
    this.segments.delete(key);
    this.keys.delete(fileId);
  }

  /**
   * The fingerprint of a file's chunk (the `ordinal`-th by position) at a run, when that file's
   * segment is known and names `chunkId` there: its text was hashed when the segment was analysed
   * or proved unchanged, so a caller that knows only ids learns what storage holds.
   */
  chunkHash(fileId: string, runId: string | null, ordinal: number, chunkId: string): number | undefined {
    const segment = this.segments.get(keyOf(fileId, runId));
    if (segment === undefined || segment.ids[ordinal] !== chunkId) return undefined;
    return this.hashes.get(segment)?.[ordinal];
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
