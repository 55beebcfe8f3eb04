import { describe, expect, it } from 'vitest';
import { wallDelay, wallElapsedMs } from './wall-time.js';

describe('wallElapsedMs', () => {
  it('measures a wait in milliseconds, as performance.now() does', async () => {
    const from = wallElapsedMs();
    const reference = performance.now();
    await wallDelay(40);
    const elapsed = wallElapsedMs() - from;
    const referenceElapsed = performance.now() - reference;
    expect(elapsed).toBeGreaterThanOrEqual(39);
    // Same unit and the same interval, give or take the two readings' own spacing.
    expect(Math.abs(elapsed - referenceElapsed)).toBeLessThan(5);
  });
});
