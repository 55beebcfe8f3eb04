// Deterministic question/answer pairs from source text: a pure function of the seed, the source
// and its text. Documents give one pair per informative sentence; transcripts give each user turn
// with the assistant reply that followed it.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { TrainingPair, TrainingSource } from '../../types/model-lifecycle.js';

const TEMPLATES = [
  (topic: string, title: string) => `What does "${title}" say about ${topic}?`,
  (topic: string) => `How does ${topic} work?`,
  (topic: string) => `Can you explain ${topic}?`,
  (topic: string) => `What should I know about ${topic}?`,
  (topic: string, title: string) => `According to ${title}, what applies to ${topic}?`,
] as const;

const STOPWORDS = new Set(
  ('a an the and or but if of to in on at for with by from about as is are was were be been being do does did can could should ' +
    'would will shall may might must i me my we our you your he she it its they them their this that these those what which who ' +
    'when where why how there here not no yes any some each every all also than then into onto over under more most such only').split(' '),
);

/** The words that carry a sentence's meaning, in order, without repeats. */
export function keywords(text: string, max: number): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
    const word = raw.replace(/'s$/, '');
    if (word.length < 3 || STOPWORDS.has(word) || out.includes(word)) continue;
    out.push(word);
    if (out.length === max) break;
  }
  return out;
}

/** Choices drawn from a hash of what the pair depends on, so a run replays. */
function choose(material: string, count: number): number {
  const bytes = sha256(utf8ToBytes(material));
  return ((bytes[0] as number) * 256 + (bytes[1] as number)) % count;
}

/** Sentences of a document, with markdown headings and list marks stripped. */
export function sentencesOf(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(#+|[-*+]|\d+[.)])\s+/, '').trim())
    .filter((l) => l.length > 0);
  const out: string[] = [];
  for (const line of lines) {
    for (const s of line.match(/[^.!?]+[.!?]+|[^.!?]+$/g) ?? []) {
      const sentence = s.replace(/\s+/g, ' ').trim();
      if (sentence) out.push(sentence);
    }
  }
  return out;
}

export function pairsFromDocument(seed: number, source: TrainingSource, text: string, max: number): TrainingPair[] {
  const pairs: TrainingPair[] = [];
  const seen = new Set<string>();
  for (const [index, sentence] of sentencesOf(text).entries()) {
    if (pairs.length >= max) break;
    const words = sentence.split(' ').length;
    const topicWords = keywords(sentence, 3);
    if (words < 6 || topicWords.length < 2) continue;
    const topic = topicWords.join(' ');
    if (seen.has(topic)) continue;
    seen.add(topic);
    const template = TEMPLATES[choose(`${seed}:${source.id}:${index}`, TEMPLATES.length)] as (typeof TEMPLATES)[number];
    pairs.push({ question: template(topic, source.title), answer: /[.!?]$/.test(sentence) ? sentence : `${sentence}.`, source });
  }
  return pairs;
}

export function pairsFromConversation(source: TrainingSource, messages: { role: string; content: string }[], max: number): TrainingPair[] {
  const pairs: TrainingPair[] = [];
  for (let i = 0; i + 1 < messages.length && pairs.length < max; i++) {
    const [ask, reply] = [messages[i], messages[i + 1]] as [{ role: string; content: string }, { role: string; content: string }];
    if (ask.role !== 'user' || reply.role !== 'assistant') continue;
    const question = ask.content.trim();
    const answer = reply.content.trim();
    if (question && answer) pairs.push({ question, answer, source });
  }
  return pairs;
}
