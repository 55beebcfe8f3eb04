// Pure text analysis behind the RAG tools: normalized hashes for deduplication, catalog products
// read from chunk lines (a price or a SKU), and extraction artifacts (special tokens, control
// characters, base64 blobs, replacement characters, headers repeated across chunks).
import type { RagArtifactKind } from '../../types/rag-tools.js';

/** Case, punctuation and spacing folded: two chunks equal here are near duplicates. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('en-US')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Products: a price (`$12.99`, `€ 5`, `12.50 USD`) or a SKU (`SKU: AB-123`), named by the words
// before it back to the previous product, sentence end or line break (chunks join lines with spaces).
const PRICE = /(?:([$\u20ac\u00a3\u00a5])\s?(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?))|(?:\b(\d+(?:\.\d{1,2})?)\s?(USD|EUR|GBP|JPY|CAD|AUD)\b)/g;
const SKU = /\b(?:SKU|Item\s*(?:#|No\.?)|Part\s*(?:#|No\.?)|Model\s*(?:#|No\.?))\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{2,31})\b/gi;
const SYMBOL_CURRENCY: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
/** Between two marks of one product (`$49.99 SKU: X`, `$49.99 (SKU X)`) only these characters stand. */
const JOINER = /^[\s,;:()/|\u2013\u2014-]{0,4}$/;

export interface ProductLine {
  name: string;
  price: { amount: number; currency: string } | null;
  sku: string | null;
  text: string;
  /** Its order in the chunk (0-based). */
  line: number;
}

interface Mark {
  start: number;
  end: number;
  price?: { amount: number; currency: string };
  sku?: string;
}

function marksIn(content: string): Mark[] {
  const marks: Mark[] = [];
  for (const m of content.matchAll(PRICE)) {
    const amount = Number((m[2] ?? m[3] ?? '0').replace(/,/g, ''));
    marks.push({ start: m.index, end: m.index + m[0].length, price: { amount, currency: m[1] ? (SYMBOL_CURRENCY[m[1]] ?? m[1]) : (m[4] as string) } });
  }
  for (const m of content.matchAll(SKU)) marks.push({ start: m.index, end: m.index + m[0].length, sku: (m[1] as string).toUpperCase() });
  return marks.sort((a, b) => a.start - b.start);
}

/** The name before a product's marks: back to the previous product, a sentence end or a line break. */
function nameBefore(text: string): string {
  const pieces = text.split(/(?:[.!?;\u2022]\s+|\r?\n)/);
  return (pieces[pieces.length - 1] ?? '')
    .replace(/^[\s\-*\u2022\u00b7|:\u2013\u2014,]+|[\s\-*\u2022\u00b7|:\u2013\u2014,;(]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(-12)
    .join(' ');
}

/** Products named in a chunk, in order; `fallbackName` names a price with no words before it. */
export function productsIn(content: string, fallbackName: string): ProductLine[] {
  const out: ProductLine[] = [];
  const marks = marksIn(content);
  let from = 0;
  for (let i = 0; i < marks.length; ) {
    const group: Mark[] = [marks[i] as Mark];
    while (i + group.length < marks.length) {
      const next = marks[i + group.length] as Mark;
      const last = group[group.length - 1] as Mark;
      if (next.start < last.end || !JOINER.test(content.slice(last.end, next.start))) break;
      group.push(next);
    }
    const start = (group[0] as Mark).start;
    const end = Math.max(...group.map((g) => g.end));
    const name = nameBefore(content.slice(from, start)).slice(0, 120);
    const price = group.find((g) => g.price)?.price ?? null;
    const sku = group.find((g) => g.sku)?.sku ?? null;
    if (price || sku) {
      const text = `${name} ${content.slice(start, end)}`.replace(/\s+/g, ' ').trim();
      out.push({ name: name || fallbackName, price, sku, text, line: out.length });
    }
    from = end;
    i += group.length;
  }
  return out;
}

// Artifacts.
const SPECIAL_TOKEN = /<\|[A-Za-z0-9_]{1,40}\|>/;

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const BASE64_BLOB = /[A-Za-z0-9+/]{120,}={0,2}/;
const REPLACEMENT = /\uFFFD/;

const escapeControls = (s: string) =>

  s.replace(/[\u0000-\u001F\u007F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function around(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 20);
  return escapeControls(text.slice(start, Math.min(text.length, index + Math.min(length, 60) + 20)));
}

/** What is wrong inside one chunk (headers repeated across chunks are found by `repeatedHeaders`). */
export function artifactsIn(content: string): Map<RagArtifactKind, string> {
  const found = new Map<RagArtifactKind, string>();
  const checks: [RagArtifactKind, RegExp][] = [
    ['special-token', SPECIAL_TOKEN],
    ['control-chars', CONTROL],
    ['base64-blob', BASE64_BLOB],
    ['replacement-char', REPLACEMENT],
  ];
  for (const [kind, pattern] of checks) {
    const m = pattern.exec(content);
    if (m) found.set(kind, around(content, m.index, m[0].length));
  }
  // A line repeated three times inside one chunk is a header or footer the extractor kept.
  const counts = new Map<string, number>();
  for (const line of content.split(/\r?\n/)) {
    const key = line.trim();
    if (key.length >= 4 && key.length <= 120) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [line, n] of counts) {
    if (n >= 3) {
      found.set('repeated-header', escapeControls(line.slice(0, 100)));
      break;
    }
  }
  // Chunks join lines with spaces: an ALL-CAPS phrase three times over is the same header.
  if (!found.has('repeated-header')) {
    const caps = /\b[\p{Lu}\p{N}][\p{Lu}\p{N}&'.-]*(?:\s+[\p{Lu}\p{N}][\p{Lu}\p{N}&'.-]*)+\b/gu;
    const phrases = new Map<string, number>();
    // Counted as word pairs, so a header run into the next capitalised words still counts.
    for (const m of content.matchAll(caps)) {
      const words = m[0].split(/\s+/).filter((w) => w.length <= 30);
      for (let i = 0; i + 1 < words.length; i++) {
        const pair = `${words[i]} ${words[i + 1]}`;
        if (pair.length >= 8 && /\p{Lu}{2}/u.test(pair)) phrases.set(pair, (phrases.get(pair) ?? 0) + 1);
      }
    }
    for (const [phrase, n] of phrases) {
      if (n >= 3) {
        found.set('repeated-header', phrase.slice(0, 100));
        break;
      }
    }
  }
  return found;
}

/** A file's first lines that open at least three of its chunks: page headers kept by the extractor. */
export function repeatedHeaders(chunks: { id: string; content: string }[]): Map<string, string> {
  const byLine = new Map<string, string[]>();
  for (const chunk of chunks) {
    const first = chunk.content.split(/\r?\n/).find((l) => l.trim())?.trim();
    if (!first || first.length < 4 || first.length > 120) continue;
    byLine.set(first, [...(byLine.get(first) ?? []), chunk.id]);
  }
  const out = new Map<string, string>();
  for (const [line, ids] of byLine) if (ids.length >= 3) for (const id of ids) out.set(id, escapeControls(line.slice(0, 100)));
  return out;
}
