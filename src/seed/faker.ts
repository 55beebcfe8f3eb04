// Faker driven by the seeded random source: generated data is the same on every run and every
// machine. Loaded lazily (only scenarios that generate data pay for it), and each call builds its
// own instance, so emulators never share faker state.
import type { Faker, Randomizer } from '@faker-js/faker';
import { SeededRandom, deriveSeed } from './random.js';

/** A Faker (English) whose every draw comes from a stream derived from `seed` and `label`. */
export async function seededFaker(seed: number, label: string): Promise<Faker> {
  const { faker: english } = await import('@faker-js/faker/locale/en');
  const random = new SeededRandom(deriveSeed(seed, label));
  const randomizer: Randomizer = {
    next: () => random.next(),
    seed: (value) => random.restore({ seed: deriveSeed(Array.isArray(value) ? (value[0] ?? 0) : value, label), counter: 0 }),
  };
  const FakerClass = english.constructor as typeof Faker;
  return new FakerClass({ locale: english.rawDefinitions, randomizer });
}
