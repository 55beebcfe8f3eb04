// The loss curve is deterministic, falls over the epochs and stays positive.
import { describe, expect, it } from 'vitest';
import { lossAt } from './loss-curve.js';

describe('lossAt', () => {
  it('replays and decays', () => {
    const curve = [1, 2, 3, 4, 5, 6].map((e) => lossAt(7, 'job_a', e));
    expect(curve).toEqual([1, 2, 3, 4, 5, 6].map((e) => lossAt(7, 'job_a', e)));
    expect(curve[5]).toBeLessThan(curve[0] as number);
    for (const loss of curve) expect(loss).toBeGreaterThan(0);
    expect(lossAt(8, 'job_a', 1)).not.toBe(lossAt(7, 'job_a', 1));
  });
});
