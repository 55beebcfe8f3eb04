// Pair generation is a pure function: same input, same pairs; documents give sentence pairs and
// conversations give user/assistant turns.
import { describe, expect, it } from 'vitest';
import { pairsFromConversation, pairsFromDocument } from './generator.js';
import { exportText } from './export.js';

const doc = { type: 'ragFile' as const, id: 'file_1', title: 'Security' };
const TEXT = '# Security\n\nAll data is encrypted at rest with AES-256 keys rotated yearly.\nShort line.\nSingle sign-on works with SAML and OIDC providers for enterprise plans.';

describe('training-data generator', () => {
  it('derives one pair per informative sentence, deterministically', () => {
    const pairs = pairsFromDocument(1, doc, TEXT, 10);
    expect(pairs).toEqual(pairsFromDocument(1, doc, TEXT, 10));
    expect(pairs.map((p) => p.answer)).toEqual([
      'All data is encrypted at rest with AES-256 keys rotated yearly.',
      'Single sign-on works with SAML and OIDC providers for enterprise plans.',
    ]);
    expect(pairs[0]?.question).toMatch(/data encrypted rest/);
    expect(pairsFromDocument(1, doc, TEXT, 1)).toHaveLength(1);
  });

  it('pairs each user turn with the assistant reply after it', () => {
    const source = { type: 'transcript' as const, id: 'tr_1', title: 'Hello' };
    const pairs = pairsFromConversation(source, [
      { role: 'user', content: 'How do refunds work?' },
      { role: 'assistant', content: 'Within 30 days.' },
      { role: 'user', content: 'Thanks' },
    ], 10);
    expect(pairs).toEqual([{ question: 'How do refunds work?', answer: 'Within 30 days.', source }]);
  });

  it('exports CSV with RFC 4180 quoting', () => {
    const text = exportText([{ question: 'a, "b"', answer: 'c' }], 'csv');
    expect(text).toBe('question,answer,source\r\n"a, ""b""",c,\r\n');
  });
});
