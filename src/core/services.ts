// What every store is given: storage, time and chance, all belonging to one emulator instance.
import type { Clock } from '../clock/clock.js';
import type { Scheduler } from '../clock/scheduler.js';
import type { IdFactory } from '../seed/ids.js';
import type { SeededRandom } from '../seed/random.js';
import type { Storage } from '../storage/storage.js';

export interface StoreDeps {
  storage: Storage;
  clock: Clock;
  ids: IdFactory;
  random: SeededRandom;
  scheduler: Scheduler;
}

/** Parses a JSON text column; columns are written by us, so failure means corruption. */
export function parseJson<T>(text: string | number | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  return JSON.parse(String(text)) as T;
}

/** The last instant written out: a still clock (the manual one) stamps many rows with the same one. */
let lastIso = { ms: Number.NaN, iso: '' };

export function toIso(ms: number): string {
  if (ms !== lastIso.ms) lastIso = { ms, iso: new Date(ms).toISOString() };
  return lastIso.iso;
}
