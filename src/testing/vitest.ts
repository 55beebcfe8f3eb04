// service-emulator/vitest: one call wires an emulator into a vitest file — started behind MSW
// before all tests, back to its scenario after each, closed after all.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestEmulator, type TestEmulator, type TestEmulatorOptions } from './harness.js';

export type { TestEmulator, TestEmulatorOptions } from './harness.js';
export { createTestEmulator } from './harness.js';

/**
 * `const env = useEmulator({ scenario: 'default', baseUrl })` at the top of a test file; then
 * `env.emulator`, `env.handles`, `env.key()` and `env.url(path)` inside tests.
 */
export function useEmulator(options: TestEmulatorOptions = {}): TestEmulator {
  const env = createTestEmulator(options);
  beforeAll(() => env.start());
  afterEach(() => env.reset());
  afterAll(() => env.stop());
  return env;
}
