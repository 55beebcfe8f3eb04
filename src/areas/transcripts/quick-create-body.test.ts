import { describe, expect, it } from 'vitest';
import { quickCreateBody } from './quick-create-body.js';
import { CreateTranscriptSchema } from './schema.js';

/** A small seeded generator (mulberry32): the same bodies on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const long = (n: number) => 'x'.repeat(n);

// Each field's candidates, well-formed ones first, then after `|` the ones past an edge or of
// another type (and fields outside the schema's own, rarer still).
type Candidates = { good: unknown[]; bad: unknown[] };
const MESSAGE_FIELDS: Record<string, Candidates> = {
  role: { good: ['user', 'assistant', 'system', 'tool'], bad: ['bot', 1, null] },
  content: { good: ['hi', '', long(200_000), { a: 1 }, [1, 'two'], []], bad: [long(200_001), null, 5, true] },
  timestamp: { good: [0, 1_700_000_000_000, 2 ** 53 - 1, '2024-01-01T00:00:00Z', '2024-01-01T00:00:00+02:00'], bad: [-1, 1.5, 2 ** 53, 'yesterday', null] },
  context: { good: [[], [{}], [{ a: 1 }]], bad: [[1], [[]], 'x', null] },
};
const MESSAGE_EXTRAS: Record<string, unknown> = { _id: 'm1', position: 3, name: 'tool-name' };

const BODY_FIELDS: Record<string, Candidates> = {
  title: { good: ['Bench conversation', '  padded  ', long(500), ` ${long(500)} `, '\u00a0nbsp\u00a0', '\ufeffbom\u2028'], bad: ['', '   ', long(501), 5, null] },
  locked: { good: [true, false], bad: ['true', 0, null] },
  hideConversationStarters: { good: [true, false], bad: [1, null] },
  metadata: { good: [{}, { b: 1, a: { c: [2] } }, { 1: 'one', b: 2 }, { constructor: 'x' }], bad: [[], null, 'x'] },
  childTranscripts: { good: [[], ['a', 'b'], Array(1000).fill('c')], bad: [[''], [1], 'a', null, Array(1001).fill('c')] },
  workspaceId: { good: ['ws_1', long(200)], bad: ['', long(201), 3, null] },
  releaseId: { good: ['rel_1', long(200)], bad: ['', long(201), null] },
};
const BODY_EXTRAS: Record<string, unknown> = { zed: 1, _id: 't1', createdAt: 1, messageCount: 2, pagination: {} };

function pick<T>(next: () => number, from: T[]): T {
  return from[Math.floor(next() * from.length)] as T;
}

/** Some of `fields` (each present half the time, well-formed 9 times in 10) and rarely a field of `extras`, in a shuffled order. */
function someOf(next: () => number, fields: Record<string, Candidates>, extras: Record<string, unknown>, make: Record<string, () => unknown> = {}): Record<string, unknown> {
  const names = [...Object.keys(fields).filter(() => next() < 0.5), ...Object.keys(extras).filter(() => next() < 0.03)];
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [names[i], names[j]] = [names[j] as string, names[i] as string];
  }
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const candidates = fields[name];
    out[name] = make[name] ? make[name]() : candidates ? pick(next, next() < 0.9 ? candidates.good : candidates.bad) : extras[name];
  }
  return out;
}

function message(next: () => number): Record<string, unknown> {
  // Most messages carry a role and content (else nearly every body would be refused).
  const base = next() < 0.9 ? { role: pick(next, ['user', 'assistant']), content: 'hello' } : {};
  return { ...base, ...someOf(next, MESSAGE_FIELDS, MESSAGE_EXTRAS) };
}

function body(next: () => number): unknown {
  const kind = next();
  if (kind < 0.02) return pick(next, [null, [], 'text', 3]);
  const messages = () => (next() < 0.05 ? pick(next, ['x', null, Array(1001).fill({ role: 'user', content: 'a' })]) : Array.from({ length: Math.floor(next() * 4) }, () => message(next)));
  // As the core hands it over: parsed JSON.
  return JSON.parse(JSON.stringify(someOf(next, { ...BODY_FIELDS, messages: { good: [], bad: [] } }, BODY_EXTRAS, { messages })));
}

describe('quickCreateBody', () => {
  it('answers what the schema answers for every body it accepts, and leaves the rest to it', () => {
    const next = random(20261125);
    let quick = 0;
    let leftValid = 0;
    let leftInvalid = 0;
    for (let i = 0; i < 1500; i++) {
      const value = body(next);
      const answered = quickCreateBody(value);
      const parsed = CreateTranscriptSchema.safeParse(value);
      if (answered !== undefined) {
        quick++;
        expect(parsed.success, JSON.stringify(value)).toBe(true);
        // Fields in the same order, the same values: the same JSON (and so the same stored row).
        expect(JSON.stringify(answered)).toBe(JSON.stringify(parsed.data));
        expect(answered).toEqual(parsed.data);
      } else if (parsed.success) leftValid++;
      else leftInvalid++;
    }
    // The corpus reaches all three cases, so each assertion above was exercised.
    expect(quick).toBeGreaterThan(300);
    expect(leftValid).toBeGreaterThan(50);
    expect(leftInvalid).toBeGreaterThan(300);
  });

  it('takes the common create (the bench body, the SDK body) and trims its title as the schema does', () => {
    const bench = { title: 'Bench conversation', messages: [{ role: 'user', content: 'Hello there' }] };
    expect(quickCreateBody(bench)).toEqual(bench);
    expect(quickCreateBody({ workspaceId: 'ws_1', releaseId: 'rel_1' })).toEqual({ workspaceId: 'ws_1', releaseId: 'rel_1' });
    const padded = { messages: [{ content: { parts: [1] }, timestamp: 5, role: 'tool', context: [{ a: 1 }] }], title: '  hi  ' };
    expect(JSON.stringify(quickCreateBody(padded))).toBe('{"title":"hi","messages":[{"role":"tool","content":{"parts":[1]},"timestamp":5,"context":[{"a":1}]}]}');
  });

  it('leaves every refusal and every field outside the schema’s own to the schema', () => {
    for (const value of [
      { title: '   ' },
      { title: 'a', _id: 'x' },
      { title: 'a', extra: 1 },
      { messages: [{ role: 'user', content: 'a', position: 1 }] },
      { messages: [{ role: 'user', content: 'a', timestamp: '2024-01-01T00:00:00Z' }] },
      { messages: [{ role: 'user' }] },
      { locked: null },
      [],
    ]) {
      expect(quickCreateBody(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});
