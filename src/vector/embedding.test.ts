// The embedding function: deterministic, fixed dimension, unit length, and similarity-preserving.
import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSION, contentWords, embed, plainWords, primeEmbeddings, similarity, stem } from './embedding.js';

describe('embed', () => {
  it('is deterministic, of a fixed dimension and unit length', () => {
    const a = embed('Reset your password from the sign-in page.');
    const b = embed('Reset your password from the sign-in page.');
    expect(a).toHaveLength(EMBEDDING_DIMENSION);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Math.sqrt(a.reduce((sum, v) => sum + v * v, 0))).toBeCloseTo(1, 6);
    expect(a.every((v) => v >= 0)).toBe(true);
  });

  it('places texts about the same topic nearer than texts about different topics', () => {
    const query = embed('how do I reset my forgotten password');
    const sameTopic = embed('To reset a forgotten password, open the sign-in page and choose Forgot password.');
    const otherTopic = embed('Invoices are sent monthly and refunds go back to the original payment method.');
    expect(similarity(query, sameTopic)).toBeGreaterThan(similarity(query, otherTopic) + 0.2);
  });

  it('scores identical texts 1 and an empty text 0', () => {
    const text = embed('rate limits and the 429 response');
    expect(similarity(text, text)).toBeCloseTo(1, 6);
    expect(similarity(text, embed(''))).toBe(0);
  });

  it('matches inflected forms through stemming', () => {
    expect(stem('resetting')).toBe('reset');
    expect(stem('indexes')).toBe('index');
    expect(stem('policies')).toBe('policy');
    expect(contentWords('The files are syncing')).toEqual(['file', 'sync']);
    expect(plainWords('How do I reset THE password? password! 2 a')).toEqual(['reset', 'password', 'password', '2']);
  });
});

describe('primeEmbeddings', () => {
  it('answers a primed text with a copy of its vector, and computes any other', () => {
    const text = 'Reset your password from the sign-in page.';
    const computed = embed(text);
    const primed = new Float32Array(EMBEDDING_DIMENSION).fill(0.5);
    primeEmbeddings(new Map([[text, primed]]));
    try {
      const first = embed(text);
      expect(Array.from(first)).toEqual(Array.from(primed));
      first[0] = 9;
      expect(embed(text)[0]).toBe(0.5);
      expect(Array.from(embed('Another text'))).not.toEqual(Array.from(primed));
    } finally {
      primeEmbeddings(new Map());
    }
    expect(Array.from(embed(text))).toEqual(Array.from(computed));
  });
});
