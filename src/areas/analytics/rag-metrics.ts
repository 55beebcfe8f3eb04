// RAG pipeline metrics per vector index: how many files uploaded in the range completed, failed or
// are still on their way, and how long the pipeline took (upload to completed and to searchable, and
// each stage), from the vector index event log's first pass of each file.
import type { DurationStats, RagIndexMetrics, RagMetrics } from '../../types/flaggers-analytics.js';
import type { AnalyticsQueries } from './queries.js';
import { rangeOut, ratio, type Range } from './range.js';

/** count, mean (rounded), min, nearest-rank median and 95th percentile, max. */
export function stats(values: number[]): DurationStats {
  if (values.length === 0) return { count: 0, avgMs: null, minMs: null, p50Ms: null, p95Ms: null, maxMs: null };
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] as number;
  return {
    count: sorted.length,
    avgMs: Math.round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    minMs: sorted[0] as number,
    p50Ms: rank(0.5),
    p95Ms: rank(0.95),
    maxMs: sorted[sorted.length - 1] as number,
  };
}

/** A stage's duration: from the step before it to its own event (both logged live). */
const STAGES = [
  ['processing', 'file.uploaded', 'file.processing'],
  ['chunking', 'file.processing', 'file.chunking'],
  ['embedding', 'file.chunking', 'file.embedding'],
  ['completing', 'file.embedding', 'file.completed'],
  ['searchable', 'file.completed', 'file.searchable'],
] as const;

export async function ragMetrics(queries: AnalyticsQueries, workspaceId: string, range: Range, collectionId?: string): Promise<RagMetrics> {
  const targets = await queries.targets(workspaceId, collectionId);
  const files = await queries.files(workspaceId, range);
  const steps = new Map<string, Map<string, number>>();
  for (const s of await queries.fileSteps(workspaceId, range)) {
    const of = steps.get(s.fileId) ?? new Map<string, number>();
    of.set(s.action, s.at);
    steps.set(s.fileId, of);
  }
  const data = targets.map((target): RagIndexMetrics => {
    const mine = files.filter((f) => f.targetId === target.id);
    const completed = mine.filter((f) => f.status === 'completed').length;
    const failed = mine.filter((f) => f.status === 'error').length;
    const between = (from: string, to: string) =>
      mine.flatMap((f) => {
        const at = steps.get(f.id);
        const a = at?.get(from);
        const b = at?.get(to);
        return a !== undefined && b !== undefined && b >= a ? [b - a] : [];
      });
    return {
      collectionId: target.id,
      title: target.title,
      files: mine.length,
      completed,
      failed,
      inProgress: mine.length - completed - failed,
      failureRate: ratio(failed, completed + failed),
      uploadToCompleted: stats(between('file.uploaded', 'file.completed')),
      uploadToSearchable: stats(between('file.uploaded', 'file.searchable')),
      stages: Object.fromEntries(STAGES.map(([name, from, to]) => [name, stats(between(from, to))])) as RagIndexMetrics['stages'],
    };
  });
  return { range: rangeOut(range), data };
}
