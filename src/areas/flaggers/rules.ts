// A flagger's verdict on one message: deterministic rules (keywords, a regular expression, a word-list
// sentiment) stand in for the model the real service asks, and the output keys get their values.
import type { Flagger, FlaggerSentiment, FlaggerVerdict } from '../../types/flaggers-analytics.js';

/** Words that count toward the sentiment verdict (emulator-defined; no negation handling, on purpose: predictable). */
const NEGATIVE = new Set(
  'angry annoyed annoying awful bad broken complain complaint disappointed disappointing disgusting frustrated frustrating furious hate hated horrible incompetent lousy mad poor refund ridiculous rude scam sucks terrible unacceptable upset useless waste worse worst wrong'.split(
    ' ',
  ),
);
const POSITIVE = new Set(
  'amazing appreciate awesome brilliant delighted excellent fantastic glad good great happy helpful love loved lovely nice perfect pleased superb thank thanks wonderful'.split(' '),
);

/** Words as the sentiment list reads them: lower case letters (any script), digits and apostrophes. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
}

export function sentimentOf(text: string): { label: FlaggerSentiment; score: number } {
  let score = 0;
  for (const w of words(text)) {
    if (NEGATIVE.has(w)) score -= 1;
    else if (POSITIVE.has(w)) score += 1;
  }
  return { label: score < 0 ? 'negative' : score > 0 ? 'positive' : 'neutral', score };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A keyword or phrase as a whole word: not inside a longer word, any case. */
function keywordHits(text: string, keyword: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(keyword)}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

type Rules = Pick<Flagger, 'match' | 'outputKeys' | 'outputs'>;
type OutputValue = string | number | boolean | string[];

/** Evaluates the rules on `content`: which hit, whether the flagger hits, and its outputs. */
export function judge(flagger: Rules, content: string): { flagged: boolean; matches: FlaggerVerdict['matches']; outputs: Record<string, OutputValue> } {
  const { match } = flagger;
  const keywords = match.keywords.filter((k) => keywordHits(content, k));
  const regex = match.regex === null ? null : (new RegExp(match.regex, 'i').exec(content)?.[0] ?? null);
  const sentiment = sentimentOf(content);
  const results: boolean[] = [];
  if (match.keywords.length > 0) results.push(keywords.length > 0);
  if (match.regex !== null) results.push(regex !== null);
  if (match.sentiment !== null) results.push(sentiment.label === match.sentiment);
  // A flagger without rules never hits: there is no model to ask.
  const flagged = results.length > 0 && (match.mode === 'all' ? results.every(Boolean) : results.some(Boolean));
  const matched = [...keywords, ...(regex !== null ? [regex] : [])];
  const outputs: Record<string, OutputValue> = {};
  if (flagged) {
    for (const key of flagger.outputKeys) outputs[key] = flagger.outputs[key] ?? builtinOutput(key, { matched, sentiment, content });
  }
  return { flagged, matches: { keywords, regex, sentiment: sentiment.label }, outputs };
}

/** The value of an output key the flagger gives no fixed value for (docs/flaggers-and-analytics.md lists them). */
function builtinOutput(key: string, hit: { matched: string[]; sentiment: { label: FlaggerSentiment; score: number }; content: string }): OutputValue {
  switch (key) {
    case 'flagged':
      return true;
    case 'matches':
    case 'keywords':
      return hit.matched;
    case 'sentiment':
      return hit.sentiment.label;
    case 'sentimentScore':
      return hit.sentiment.score;
    case 'score':
      return hit.matched.length;
    case 'excerpt':
      return hit.content.slice(0, 200);
    case 'reason':
      return hit.matched.length > 0 ? `Matched: ${hit.matched.join(', ')}` : `Sentiment: ${hit.sentiment.label}`;
    default:
      // Any other key carries the first thing that matched (the model's "category"), else true.
      return hit.matched[0] ?? true;
  }
}
