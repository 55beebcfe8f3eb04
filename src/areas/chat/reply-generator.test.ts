import { describe, expect, it } from 'vitest';
import { composeReply, deltas, keywords } from './reply-generator.js';

const base = { seed: 7, model: 'gpt-4o-mini', turn: 0, releaseName: 'Help', context: [] };

describe('reply generator', () => {
  it('is a pure function of its input', () => {
    const a = composeReply({ ...base, prompt: 'How do I export invoices?' });
    expect(composeReply({ ...base, prompt: 'How do I export invoices?' })).toBe(a);
    const others = [1, 2, 3, 4, 5].map((seed) => composeReply({ ...base, seed, prompt: 'How do I export invoices?' }));
    expect(new Set([a, ...others]).size).toBeGreaterThan(1);
  });

  it('cites each source once, with its backlink', () => {
    const chunk = { score: 0.5, source: 'https://d.example/a', fileId: 'f1', vectorId: 'v1', title: 'Guide', sourceUrl: 'https://d.example/a' };
    const text = composeReply({ ...base, prompt: 'export invoices', context: [{ ...chunk, content: 'Invoices export as CSV. More text.' }, { ...chunk, content: 'Second chunk of the guide.' }] });
    expect(text).toMatch(/invoices export as CSV\. More text\. \[1\]/);
    expect(text).toMatch(/second chunk of the guide\. \[1\]/i);
    expect(text.endsWith('Sources:\n[1] Guide (https://d.example/a)')).toBe(true);
  });

  it('splits into deltas that join back to the text', () => {
    const text = 'One two  three\nfour five six seven. ';
    expect(deltas(text).join('')).toBe(text);
    expect(keywords('What is the refund policy for the Team plan?')).toEqual(['refund', 'policy', 'team', 'plan']);
  });
});
