// The seeded source: same seed, same stream; restorable; unbiased enough for ids and secrets.
import { describe, expect, it } from 'vitest';
import { IdFactory } from './ids.js';
import { SeededRandom, deriveSeed } from './random.js';

describe('seeded random', () => {
  it('repeats a stream for a seed and differs across seeds', () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    const c = new SeededRandom(43);
    const draw = (r: SeededRandom) => Array.from({ length: 8 }, () => r.nextUint32());
    const first = draw(a);
    expect(draw(b)).toEqual(first);
    expect(draw(c)).not.toEqual(first);
    expect(new Set(first).size).toBe(8);
  });

  it('saves and restores its position', () => {
    const r = new SeededRandom(7);
    r.next();
    const saved = r.state();
    const ahead = [r.next(), r.next()];
    r.restore(saved);
    expect([r.next(), r.next()]).toEqual(ahead);
    expect(saved).toEqual({ seed: 7, counter: 2 });
  });

  it('spreads int(n) evenly and keeps next() in [0, 1)', () => {
    const r = new SeededRandom(1);
    const counts = new Array(6).fill(0) as number[];
    for (let i = 0; i < 60_000; i++) counts[r.int(6)]!++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
    for (let i = 0; i < 1000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('derives distinct, stable sub-seeds', () => {
    expect(deriveSeed(1, 'a')).toBe(deriveSeed(1, 'a'));
    expect(deriveSeed(1, 'a')).not.toBe(deriveSeed(1, 'b'));
    expect(deriveSeed(1, 'a')).not.toBe(deriveSeed(2, 'a'));
  });
});

describe('ids and secrets', () => {
  it('makes 91-character base62 API key secrets with the service prefix', () => {
    const ids = new IdFactory(new SeededRandom(3), () => 0);
    const secret = ids.apiKeySecret();
    expect(secret).toHaveLength(91);
    expect(secret).toMatch(/^svc_[0-9A-Za-z]{87}$/);
    expect(ids.apiKeySecret()).not.toBe(secret);
  });

  it('makes 24-hex ids that start with the creation second', () => {
    const ids = new IdFactory(new SeededRandom(3), () => Date.parse('2026-01-01T00:00:00Z'));
    const id = ids.objectId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(parseInt(id.slice(0, 8), 16)).toBe(Date.parse('2026-01-01T00:00:00Z') / 1000);
  });
});
