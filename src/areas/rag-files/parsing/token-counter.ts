// A faster exact BPE token count for chunking: gpt-tokenizer's own pre-token split, each piece's
// count remembered. Chunking counts the same words and texts again and again (sentences, packed
// chunks, headed chunks); the library re-runs its LRU merge cache for every piece of every count.
// The sum over the library's own pieces is what `countTokens` computes, so the answer is the same.

/** What `countTokens` runs, per piece, inside gpt-tokenizer's encoding (not in its public types). */
interface BpeCore {
  tokenSplitRegex?: unknown;
  getBpeRankFromString?: (piece: string) => number | undefined;
  bytePairEncode?: (piece: string) => number[];
}

interface TokenizerModule {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
  /** The o200k_base encoding instance (its fields are private in the library's types). */
  default?: unknown;
}

type Encoding = { bytePairEncodingCoreProcessor?: BpeCore; specialTokensSet?: Set<string> } | undefined;

/** Pieces remembered before the memo starts over (a few MB at most). */
const MAX_PIECES = 200_000;

/**
 * Special tokens (`<|endoftext|>`...) in a document are plain text: counted as the characters they
 * are, never refused (the library throws on them by default, which failed the upload).
 */
export const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The library's `countTokens`, or an exact faster equivalent when its internals are as expected.
 * A text that may hold a special token (they all contain `<|`) goes to the library, which counts
 * it as plain text; so does every text when a sample check disagrees.
 */
export function fastTokenCounter(mod: TokenizerModule): (text: string) => number {
  const plain = (text: string) => mod.countTokens(text, AS_PLAIN_TEXT);
  const encoding = mod.default as Encoding;
  const core = encoding?.bytePairEncodingCoreProcessor;
  const specials = encoding?.specialTokensSet;
  const split = core?.tokenSplitRegex;
  const rank = core?.getBpeRankFromString;
  const encode = core?.bytePairEncode;
  if (!core || !(split instanceof RegExp) || !split.global || typeof rank !== 'function' || typeof encode !== 'function') return plain;
  if (!specials || [...specials].some((s) => !s.includes('<|'))) return plain;
  const pieces = new Map<string, number>();
  const piece = (text: string): number => {
    let n = pieces.get(text);
    if (n === undefined) {
      n = rank.call(core, text) !== undefined ? 1 : encode.call(core, text).length;
      if (pieces.size >= MAX_PIECES) pieces.clear();
      pieces.set(text, n);
    }
    return n;
  };
  const fast = (text: string): number => {
    if (text.includes('<|')) return plain(text);
    let total = 0;
    for (const match of text.matchAll(split)) total += piece(match[0]);
    return total;
  };
  const sample = 'Héllo  wörld!\n\n  Tokens: 12,345 — naïve café; x\t\ty  \r\n don\'t STOP 日本語テキスト 🙂 end ';
  return fast(sample) === plain(sample) ? fast : plain;
}
