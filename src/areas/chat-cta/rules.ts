// When a chat CTA fires (the rules of the spec's CTA table) and what the assistant message carries.
import type { CtaCard } from './schema.js';

export interface CtaThreadState {
  fires: number;
  lastFiredReply: number | null;
}

export type CtaDecision = { fire: false } | { fire: true; trigger: 'keyword' | 'interval'; keyword?: string };

/** The first keyword of the card's list found in the text, ignoring case (first match wins). */
export function matchKeyword(keywords: string[], text: string): string | undefined {
  const haystack = text.toLocaleLowerCase('en-US');
  return keywords.find((k) => haystack.includes(k.toLocaleLowerCase('en-US')));
}

/**
 * Whether the card fires on assistant reply number `reply` (1-based, counting this one) of a
 * thread. `minMessagesBeforeFirst` N: not before the Nth reply. `cooldownMessages` C: at least C
 * replies between two fires. `maxPerThread` (default 1) caps the fires. Interval mode fires on
 * every reply whose number is a multiple of `intervalMessages`.
 */
export function decide(cta: CtaCard, state: CtaThreadState, reply: number, userText: string): CtaDecision {
  if (cta.active === false) return { fire: false };
  if (state.fires >= (cta.maxPerThread ?? 1)) return { fire: false };
  if (cta.minMessagesBeforeFirst !== undefined && reply < cta.minMessagesBeforeFirst) return { fire: false };
  if (cta.cooldownMessages !== undefined && state.lastFiredReply !== null && reply - state.lastFiredReply - 1 < cta.cooldownMessages) {
    return { fire: false };
  }
  const mode = cta.triggerMode ?? 'keywords';
  if (mode !== 'interval') {
    const keyword = matchKeyword(cta.triggerKeywords, userText);
    if (keyword !== undefined) return { fire: true, trigger: 'keyword', keyword };
  }
  if (mode !== 'keywords' && cta.intervalMessages !== undefined && reply % cta.intervalMessages === 0) return { fire: true, trigger: 'interval' };
  return { fire: false };
}

/** The card as the assistant message shows it: never the gated asset, the CRM or the token. */
export function cardForMessage(cta: CtaCard, version: number, decision: CtaDecision & { fire: true }) {
  const fields = new Set(['email', ...(cta.formFields ?? [])]);
  return {
    version,
    title: cta.title,
    teaserText: cta.teaserText,
    ctaType: cta.ctaType,
    ...(cta.buttonLabel !== undefined && { buttonLabel: cta.buttonLabel }),
    ...(cta.imageUrl !== undefined && { imageUrl: cta.imageUrl }),
    ...(cta.consentText !== undefined && { consentText: cta.consentText }),
    ...(cta.ctaType === 'link-out' && { targetUrl: cta.targetUrl }),
    formFields: (['email', 'name', 'phone'] as const).filter((f) => fields.has(f)),
    requireCaptcha: cta.requireCaptcha ?? false,
    trigger: decision.trigger,
    ...(decision.keyword !== undefined && { matchedKeyword: decision.keyword }),
  };
}
