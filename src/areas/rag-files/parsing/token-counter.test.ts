// The fast token count must equal gpt-tokenizer's countTokens on every text, special tokens included
// (counted as plain text: a document holding `<|endoftext|>` chunks like any other).
import { countTokens } from 'gpt-tokenizer';
import * as tokenizer from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../seed/random.js';
import { AS_PLAIN_TEXT, fastTokenCounter } from './token-counter.js';

const PARTS = ['the', ' The', 'word', 'Wörter', 'naïve', 'café', '日本語', 'テキスト', '🙂', '👩‍💻', '123', '4567890', ',', '.', '!', '?', "'s", "'LL", ' ', '  ', '\t', '\n', '\n\n', '\r\n', '   \n', '-', '—', '#', '##', 'https://x.io/a?b=1', 'a@b.co', 'zzqxv', 'kamira', 'ΑΒΓ', 'عربى', '\u0301', '<', '|', '>', '<|', '|>', 'endoftext'];

function texts(n: number, seed: number): string[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: n }, () => Array.from({ length: random.int(120) }, () => PARTS[random.int(PARTS.length)]).join(random.int(3) === 0 ? '' : ' '));
}

describe('fastTokenCounter', () => {
  const fast = fastTokenCounter(tokenizer);

  it('agrees on a plain text', () => {
    expect(fast('hello world')).toBe(countTokens('hello world'));
  });

  it('equals countTokens on 3,000 seeded texts (twice: the second time from the memo)', () => {
    const all = texts(3000, 13);
    for (let round = 0; round < 2; round++) {
      for (const text of all) {
        let expected: number | string;
        try {
          expected = countTokens(text, AS_PLAIN_TEXT);
        } catch (err) {
          expected = (err as Error).message;
        }
        let got: number | string;
        try {
          got = fast(text);
        } catch (err) {
          got = (err as Error).message;
        }
        expect(got, JSON.stringify(text)).toBe(expected);
      }
    }
  });

  it('counts a special token as plain text, where countTokens by default throws', () => {
    expect(() => countTokens('a <|endoftext|> b')).toThrow();
    expect(fast('a <|endoftext|> b')).toBe(countTokens('a <|endoftext|> b', AS_PLAIN_TEXT));
    expect(fast('a <|endoftext|> b')).toBeGreaterThan(3);
    expect(fast('')).toBe(0);
  });

  it('falls back to countTokens when the internals are not there', () => {
    const plain = fastTokenCounter({ countTokens });
    expect(plain('a b c')).toBe(countTokens('a b c'));
  });
});
