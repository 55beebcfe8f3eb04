// The judge and the calibration fit on their own: scores, criteria, thresholds, ties.
import { describe, expect, it } from 'vitest';
import { textTerms } from '../rag-search/public.js';
import { calibrate, judge } from './judge.js';

describe('judge', () => {
  it('scores token-overlap F1 over stemmed terms', () => {
    const v = judge(textTerms, 'You can reset your passwords from the settings page.', 'Reset the password in Settings.', [], 0.5);
    // reply terms: reset password set page (stemmed); expected: reset password set
    expect(v.recall).toBe(1);
    expect(v.f1).toBeGreaterThan(0.5);
    expect(v.passed).toBe(true);
    expect(judge(textTerms, 'Nothing alike here.', 'Reset the password in Settings.', [], 0.5)).toMatchObject({ score: 0, passed: false, criteriaMet: null });
  });

  it('blends in the share of criteria met', () => {
    const v = judge(textTerms, 'Billing is monthly.', 'Billing is monthly.', ['monthly', 'refund policy'], 0.9);
    expect(v.f1).toBe(1);
    expect(v.criteriaMet).toBe(0.5);
    expect(v.score).toBe(0.75);
    expect(v.passed).toBe(false);
  });

  it('is a pure function', () => {
    const a = judge(textTerms, 'one two three', 'two three four', ['three'], 0.2);
    expect(judge(textTerms, 'one two three', 'two three four', ['three'], 0.2)).toEqual(a);
  });
});

describe('calibrate', () => {
  it('finds the threshold that agrees best with the labels', () => {
    const fit = calibrate(
      [
        { score: 0.1, passed: false },
        { score: 0.3, passed: false },
        { score: 0.5, passed: true },
        { score: 0.8, passed: true },
      ],
      0.2,
    );
    expect(fit).toEqual({ threshold: 0.4, agreed: 4, labeled: 4, agreement: 1 });
  });

  it('reports partial agreement when labels contradict each other', () => {
    const fit = calibrate(
      [
        { score: 0.6, passed: false },
        { score: 0.4, passed: true },
      ],
      0.5,
    );
    expect(fit.agreed).toBe(1);
    expect(fit.agreement).toBe(0.5);
  });
});
