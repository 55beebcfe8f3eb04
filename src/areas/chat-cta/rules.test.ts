import { describe, expect, it } from 'vitest';
import { decide, matchKeyword } from './rules.js';
import type { CtaCard } from './schema.js';

const card = (extra: Partial<CtaCard>): CtaCard => ({ title: 't', teaserText: 'x', triggerKeywords: ['Pricing', 'quote'], ctaType: 'link-out', targetUrl: 'https://a.example', ...extra });

/** The reply numbers that fire over `n` replies, each with the given user text. */
function run(cta: CtaCard, texts: string[]): number[] {
  const state = { fires: 0, lastFiredReply: null as number | null };
  const out: number[] = [];
  texts.forEach((text, i) => {
    const decision = decide(cta, state, i + 1, text);
    if (decision.fire) {
      state.fires++;
      state.lastFiredReply = i + 1;
      out.push(i + 1);
    }
  });
  return out;
}

describe('chat CTA rules', () => {
  it('matches keywords ignoring case, the first of the list winning', () => {
    expect(matchKeyword(['Pricing', 'quote'], 'A QUOTE for pricing?')).toBe('Pricing');
    expect(matchKeyword(['Pricing', 'quote'], 'hello')).toBeUndefined();
  });

  it('fires once per thread by default in keywords mode', () => {
    expect(run(card({}), ['hi', 'pricing', 'pricing', 'quote'])).toEqual([2]);
  });

  it('applies interval, minimum, cooldown and cap together', () => {
    const cta = card({ triggerMode: 'interval', intervalMessages: 2, minMessagesBeforeFirst: 3, cooldownMessages: 2, maxPerThread: 3 });
    expect(run(cta, Array(16).fill('x'))).toEqual([4, 8, 12]);
    expect(run(card({ triggerMode: 'interval', intervalMessages: 1, maxPerThread: 100, cooldownMessages: 0 }), Array(3).fill('x'))).toEqual([1, 2, 3]);
  });

  it('never fires an inactive card', () => {
    expect(run(card({ active: false, triggerMode: 'keywords-or-interval', intervalMessages: 1 }), ['pricing', 'x'])).toEqual([]);
  });
});
