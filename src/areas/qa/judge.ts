// The deterministic QA judge: token-overlap F1 between a reply and the expected answer, over the
// terms the full-text search uses (lower-cased, stopwords dropped, Porter-stemmed), blended with how
// many of the test's criteria the reply meets. A pure function: same texts, same score.

/** Splits a text into comparable terms; the wiring passes the search's `textTerms`. */
export type Terms = (text: string) => string[];

/** The pass threshold a suite starts with (see docs/qa-and-arena.md for why it is low). */
export const DEFAULT_PASS_THRESHOLD = 0.2;

export interface Verdict {
  /** The score compared with the threshold, 0..1, rounded to 4 decimals. */
  score: number;
  passed: boolean;
  precision: number;
  recall: number;
  f1: number;
  /** The share of criteria whose every term is in the reply; null when the test has none. */
  criteriaMet: number | null;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** Multiset overlap: a term counts as often as it appears in both texts. */
function overlap(a: string[], b: string[]): number {
  const counts = new Map<string, number>();
  for (const t of b) counts.set(t, (counts.get(t) ?? 0) + 1);
  let shared = 0;
  for (const t of a) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(t, n - 1);
    }
  }
  return shared;
}

/**
 * Scores `reply` against `expected`. Without criteria the score is the F1; with criteria it is the
 * mean of the F1 and the share of criteria met (a criterion is met when all of its terms appear).
 */
export function judge(terms: Terms, reply: string, expected: string, criteria: readonly string[], threshold: number): Verdict {
  const got = terms(reply);
  const want = terms(expected);
  const shared = overlap(got, want);
  const precision = got.length ? shared / got.length : 0;
  const recall = want.length ? shared / want.length : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  let criteriaMet: number | null = null;
  if (criteria.length > 0) {
    const have = new Set(got);
    const met = criteria.filter((c) => {
      const needed = terms(c);
      return needed.length > 0 && needed.every((t) => have.has(t));
    }).length;
    criteriaMet = met / criteria.length;
  }
  const score = round(criteriaMet === null ? f1 : (f1 + criteriaMet) / 2);
  return { score, passed: score >= threshold, precision: round(precision), recall: round(recall), f1: round(f1), criteriaMet: criteriaMet === null ? null : round(criteriaMet) };
}

export interface Label {
  score: number;
  /** The human's verdict. */
  passed: boolean;
}

export interface Calibration {
  threshold: number;
  agreed: number;
  labeled: number;
  /** agreed / labeled, rounded to 4 decimals. */
  agreement: number;
}

/**
 * The threshold that best agrees with human labels: every midpoint between neighbouring labelled
 * scores (and 0 and just above the top) is tried; the most agreements win, ties going to the
 * candidate closest to the current threshold, then the lower one.
 */
export function calibrate(labels: readonly Label[], current: number): Calibration {
  const scores = [...new Set(labels.map((l) => l.score))].sort((a, b) => a - b);
  const candidates = new Set<number>([0, round(Math.min(1, (scores.at(-1) ?? 0) + 0.0001))]);
  for (let i = 1; i < scores.length; i++) candidates.add(round(((scores[i - 1] as number) + (scores[i] as number)) / 2));
  let best: Calibration | undefined;
  for (const threshold of [...candidates].sort((a, b) => a - b)) {
    const agreed = labels.filter((l) => l.score >= threshold === l.passed).length;
    const better =
      !best ||
      agreed > best.agreed ||
      (agreed === best.agreed && Math.abs(threshold - current) < Math.abs(best.threshold - current));
    if (better) best = { threshold, agreed, labeled: labels.length, agreement: labels.length ? round(agreed / labels.length) : 0 };
  }
  return best as Calibration;
}
