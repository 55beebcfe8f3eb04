// Token-based chunking with a real BPE tokenizer (gpt-tokenizer, o200k_base). Chunks are cut at
// sentence and word boundaries so they stay readable; `chapter-aware` first splits at headings,
// `openparse` and `unstructured` pack whole paragraphs (elements) without overlap.
import type { ChunkingTool } from '../schema.js';
import { fastTokenCounter } from './token-counter.js';

export interface ChunkOptions {
  tool: ChunkingTool;
  /** Largest chunk in tokens. */
  chunkSize: number;
  /** Tokens repeated from the end of one chunk at the start of the next. */
  chunkOverlap: number;
}

export interface TextChunk {
  content: string;
  tokenCount: number;
  /** The heading of the section the chunk came from (chapter-aware chunking). */
  heading: string | null;
}

type Counter = (text: string) => number;

let tokenizer: Promise<Counter> | undefined;

/** The BPE token counter, loaded once on first use (its tables take a moment to load). */
export function loadTokenCounter(): Promise<Counter> {
  tokenizer ??= import('gpt-tokenizer').then((mod) => fastTokenCounter(mod));
  return tokenizer;
}

interface Segment {
  text: string;
  tokens: number;
  /** Starts a new paragraph: joined with a blank line rather than a space. */
  paragraph: boolean;
}

/** Paragraphs, then sentences, then word runs: pieces no larger than `max` tokens. */
function segments(text: string, max: number, count: Counter): Segment[] {
  const out: Segment[] = [];
  for (const paragraph of text.split(/\n{2,}/)) {
    const trimmed = paragraph.trim();
    if (!trimmed) continue;
    let first = true;
    const sentences = trimmed.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim());
    for (const sentence of sentences) {
      const tokens = count(sentence);
      if (tokens <= max) {
        out.push({ text: sentence.trim(), tokens, paragraph: first });
        first = false;
        continue;
      }
      let run: string[] = [];
      for (const word of sentence.split(/\s+/)) {
        if (run.length > 0 && count([...run, word].join(' ')) > max) {
          out.push({ text: run.join(' '), tokens: count(run.join(' ')), paragraph: first });
          first = false;
          run = [];
        }
        run.push(word);
      }
      if (run.length) {
        out.push({ text: run.join(' '), tokens: count(run.join(' ')), paragraph: first });
        first = false;
      }
    }
  }
  return out;
}

function join(parts: Segment[]): string {
  return parts.map((p, i) => (i === 0 ? p.text : `${p.paragraph ? '\n\n' : ' '}${p.text}`)).join('');
}

/** Packs segments into chunks of at most `size` tokens, carrying up to `overlap` tokens forward. */
function pack(parts: Segment[], size: number, overlap: number, count: Counter): string[] {
  const chunks: string[] = [];
  let current: Segment[] = [];
  let tokens = 0;
  let fresh = 0;
  for (const part of parts) {
    if (current.length > 0 && tokens + part.tokens > size) {
      chunks.push(join(current));
      const carried: Segment[] = [];
      let carriedTokens = 0;
      for (let i = current.length - 1; i >= 0 && overlap > 0; i--) {
        const seg = current[i]!;
        if (carriedTokens + seg.tokens > overlap || carriedTokens + seg.tokens + part.tokens > size) break;
        carried.unshift(seg);
        carriedTokens += seg.tokens;
      }
      current = carried;
      tokens = carriedTokens;
      fresh = 0;
    }
    current.push(part);
    tokens += part.tokens;
    fresh++;
  }
  if (current.length > 0 && fresh > 0) chunks.push(join(current));
  return chunks.filter((c) => count(c) > 0);
}

/** Splits Markdown-style text at heading lines into titled sections. */
export function sections(text: string): { heading: string | null; body: string }[] {
  const out: { heading: string | null; body: string }[] = [];
  let heading: string | null = null;
  let body: string[] = [];
  const flush = () => {
    if (body.join('').trim() || heading) out.push({ heading, body: body.join('\n').trim() });
  };
  for (const line of text.split('\n')) {
    const match = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) {
      flush();
      heading = match[2]!;
      body = [];
    } else body.push(line);
  }
  flush();
  return out.filter((s) => s.body || s.heading);
}

export async function chunkText(text: string, options: ChunkOptions): Promise<TextChunk[]> {
  const count = await loadTokenCounter();
  const size = Math.max(16, options.chunkSize);
  const overlap = Math.min(Math.max(0, options.chunkOverlap), Math.floor(size / 2));
  const make = (content: string, heading: string | null): TextChunk => ({ content, tokenCount: count(content), heading });
  switch (options.tool) {
    case 'default':
      return pack(segments(text, size, count), size, overlap, count).map((c) => make(c, null));
    // langextract (real wire: fulcrum divinci-sync-service.ts uploads markdown with it) extracts
    // sections: here, like chapter-aware, one run of chunks per heading, the heading kept on each.
    case 'langextract':
    case 'chapter-aware':
      return sections(text).flatMap(({ heading, body }) => {
        const prefix = heading ? `${heading}\n\n` : '';
        const room = Math.max(16, size - (heading ? count(prefix) : 0));
        const pieces = body ? pack(segments(body, room, count), room, overlap, count) : [''];
        return pieces.map((piece) => make(`${prefix}${piece}`.trim(), heading));
      });
    case 'openparse':
    case 'unstructured': {
      // Element-aware: whole paragraphs, never split across chunks unless one alone is too big.
      const paragraphs = text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .flatMap((p) => (count(p) <= size ? [{ text: p, tokens: count(p), paragraph: true }] : segments(p, size, count)));
      return pack(paragraphs, size, 0, count).map((c) => make(c, null));
    }
    default: {
      const never: never = options.tool;
      throw new Error(`unknown chunking tool ${String(never)}`);
    }
  }
}
