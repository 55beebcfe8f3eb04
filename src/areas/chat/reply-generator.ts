// Deterministic assistant replies: text built from the seed, the prompt and the retrieved context,
// reading like an assistant's answer that cites its sources. A pure function of its input.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

export interface ContextEntry {
  content: string;
  score: number | null;
  source: string | null;
  fileId: string | null;
  vectorId: string | null;
  title?: string;
  sourceUrl?: string;
}

export interface ReplyInput {
  seed: number;
  model: string;
  /** How many assistant replies the thread had before this one. */
  turn: number;
  prompt: string;
  context: ContextEntry[];
  releaseName: string;
  /** The release's prompt prefix lines (prompt-prefixes.ts): they vary the wording, deterministically. */
  prefixes?: string[];
}

const STOPWORDS = new Set(
  ('a an the and or but if of to in on at for with by from about as is are was were be been being do does did can could ' +
    'should would will shall may might must i me my we our you your he she it its they them their this that these those ' +
    'what which who whom whose when where why how there here please hi hello hey thanks thank just so not no yes any some ' +
    'tell know want need like get got have has had am').split(' '),
);

/** A stream of choices drawn from a hash of everything the reply depends on. */
class Picker {
  private bytes: Uint8Array;
  private at = 0;
  constructor(material: string) {
    this.bytes = sha256(utf8ToBytes(material));
  }
  pick<T>(options: readonly T[]): T {
    const byte = this.bytes[this.at++ % this.bytes.length] as number;
    return options[byte % options.length] as T;
  }
}

/** The words that carry the question's meaning, in order, without repeats. */
export function keywords(prompt: string, max = 6): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of prompt.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
    const word = raw.replace(/'s$/, '');
    if (word.length < 3 || STOPWORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
    out.push(word);
    if (out.length === max) break;
  }
  return out;
}

function topicOf(prompt: string): string {
  const words = keywords(prompt, 4);
  return words.length ? words.join(' ') : 'your question';
}

/** The first sentence or two of a chunk, at most about 240 characters, ending cleanly. */
function excerpt(content: string): string {
  const text = content.replace(/\s+/g, ' ').replace(/^#+\s*/, '').trim();
  if (!text) return '';
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [text];
  let out = '';
  for (const sentence of sentences) {
    if (out && (out + sentence).length > 240) break;
    out += sentence;
    if (out.length >= 120) break;
  }
  out = out.trim();
  if (out.length > 240) out = `${out.slice(0, 237).replace(/\s+\S*$/, '')}...`;
  return /[.!?\u2026]$/.test(out) ? out : `${out}.`;
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

function withContext(p: Picker, input: ReplyInput, topic: string): string[] {
  const cited = input.context.filter((c) => c.content.trim().length > 0).slice(0, 3);
  const lines: string[] = [];
  lines.push(
    p.pick([
      `Here is what I found about ${topic}.`,
      `Good question. The documentation covers ${topic}.`,
      `I looked through the knowledge base for ${topic}, and here is the short answer.`,
      `Based on the sources I have, here is how ${topic} works.`,
    ]),
  );
  const titles = new Map<string, number>();
  const refs: string[] = [];
  for (const chunk of cited) {
    const name = chunk.title ?? chunk.source ?? 'the documentation';
    let n = titles.get(name);
    if (n === undefined) {
      n = titles.size + 1;
      titles.set(name, n);
      refs.push(`[${n}] ${name}${chunk.sourceUrl ? ` (${chunk.sourceUrl})` : ''}`);
    }
    const lead = p.pick(['According to', 'As described in', 'Per', 'From']);
    lines.push(`${lead} ${name}, ${lowerFirst(excerpt(chunk.content))} [${n}]`);
  }
  lines.push(
    p.pick([
      'Let me know if you would like more detail on any of these points.',
      'Would you like me to go deeper into any of these?',
      'I hope that helps; ask me a follow-up if anything is unclear.',
    ]),
  );
  return [lines.join(' '), '', `Sources:\n${refs.join('\n')}`];
}

function withoutContext(p: Picker, input: ReplyInput, topic: string): string[] {
  const words = keywords(input.prompt, 3);
  const question = /\?\s*$/.test(input.prompt.trim());
  const lines = [
    p.pick([`Thanks for your question about ${topic}.`, `Happy to help with ${topic}.`, `Let me help you with ${topic}.`]),
    p.pick([
      `I could not find anything about this in the ${input.releaseName} knowledge base, so here is a general answer.`,
      'I do not have documents on this topic, so I will answer from general knowledge.',
      'Nothing in my sources covers this directly, but here is what usually applies.',
    ]),
  ];
  if (words.length > 0) {
    const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
    lines.push(
      question
        ? p.pick([`In short, it depends on your setup, but a good first step is to check ${words[0]}.`, `The answer usually comes down to ${list}.`])
        : p.pick([`The key points here are ${list}.`, `I would start by looking at ${list}.`]),
    );
  }
  lines.push(p.pick(['Is there anything specific you would like to know?', 'Tell me more and I can be more precise.', 'Feel free to ask a follow-up.']));
  return [lines.join(' ')];
}

/** The reply text: same input, same text, byte for byte. */
export function composeReply(input: ReplyInput): string {
  const basis = [input.seed, input.model, input.turn, input.prompt, input.context.map((c) => [c.fileId, c.content])];
  // Only a prefixed prompt adds to the material, so replies without prefixes stay byte-identical.
  const material = JSON.stringify(input.prefixes?.length ? [...basis, input.prefixes] : basis);
  const p = new Picker(material);
  const topic = topicOf(input.prompt);
  const parts = input.context.some((c) => c.content.trim()) ? withContext(p, input, topic) : withoutContext(p, input, topic);
  return parts.join('\n');
}

/** Splits a reply into stream deltas (a word and the space before it); joined, they are the reply. */
export function deltas(text: string): string[] {
  const pieces = text.match(/\s*\S+|\s+$/g) ?? [];
  const out: string[] = [];
  // Three words per delta keeps streams short without making them one blob.
  for (let i = 0; i < pieces.length; i += 3) out.push(pieces.slice(i, i + 3).join(''));
  return out;
}
