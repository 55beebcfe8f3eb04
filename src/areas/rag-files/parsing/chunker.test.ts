// The token chunker: sizes in real BPE tokens, overlap, chapter-aware splits at headings, and
// element-aware packing.
import { describe, expect, it } from 'vitest';
import { chunkText, loadTokenCounter, sections } from './chunker.js';

const sentence = (i: number) => `Sentence number ${i} explains one more detail about resetting passwords safely.`;
const LONG = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');

describe('chunkText', () => {
  it('cuts text into chunks of at most chunkSize tokens, counted by the BPE tokenizer', async () => {
    const count = await loadTokenCounter();
    expect(count('Hello world, this is a test.')).toBe(8);
    const chunks = await chunkText(LONG, { tool: 'default', chunkSize: 100, chunkOverlap: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBe(count(chunk.content));
      expect(chunk.tokenCount).toBeLessThanOrEqual(100);
      expect(chunk.heading).toBeNull();
    }
    expect(chunks.map((c) => c.content).join(' ')).toBe(LONG);
  });

  it('repeats up to chunkOverlap tokens at the start of the next chunk', async () => {
    const count = await loadTokenCounter();
    const chunks = await chunkText(LONG, { tool: 'default', chunkSize: 100, chunkOverlap: 40 });
    expect(chunks.length).toBeGreaterThan(2);
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!.content.split(/(?<=\.) /);
      const next = chunks[i]!.content.split(/(?<=\.) /);
      let carried = 0;
      for (let k = 1; k <= Math.min(previous.length, next.length - 1); k++) {
        if (previous.slice(previous.length - k).join(' ') === next.slice(0, k).join(' ')) carried = k;
      }
      expect(carried).toBeGreaterThan(0);
      expect(count(next.slice(0, carried).join(' '))).toBeLessThanOrEqual(40);
    }
  });

  it('splits at headings in chapter-aware mode and keeps the heading with each chunk', async () => {
    const text = '# Passwords\n\nReset it from the sign-in page.\n\n## Billing\n\nInvoices are monthly.\n\n## Sync\n\nConflicted copies keep both versions.';
    const chunks = await chunkText(text, { tool: 'chapter-aware', chunkSize: 200, chunkOverlap: 0 });
    expect(chunks.map((c) => [c.heading, c.content])).toEqual([
      ['Passwords', 'Passwords\n\nReset it from the sign-in page.'],
      ['Billing', 'Billing\n\nInvoices are monthly.'],
      ['Sync', 'Sync\n\nConflicted copies keep both versions.'],
    ]);
    const plain = await chunkText(text, { tool: 'default', chunkSize: 200, chunkOverlap: 0 });
    expect(plain).toHaveLength(1);
  });

  it('packs whole paragraphs without overlap for openparse and unstructured', async () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `Paragraph ${i}. ${sentence(i)} ${sentence(i + 100)}`);
    const chunks = await chunkText(paragraphs.join('\n\n'), { tool: 'openparse', chunkSize: 70, chunkOverlap: 30 });
    expect(chunks.map((c) => c.content)).toEqual([
      `${paragraphs[0]}\n\n${paragraphs[1]}`,
      `${paragraphs[2]}\n\n${paragraphs[3]}`,
      `${paragraphs[4]}\n\n${paragraphs[5]}`,
    ]);
  });

  it('finds the sections of Markdown text', () => {
    expect(sections('intro\n# A\nbody a\n## B ##\nbody b')).toEqual([
      { heading: null, body: 'intro' },
      { heading: 'A', body: 'body a' },
      { heading: 'B', body: 'body b' },
    ]);
  });
});
