// The seeded training loss curve: a decaying loss with small noise, a pure function of the seed,
// the job and the epoch, so every run and every door shows the same numbers.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** A number in [0, 1) drawn from a hash of `material`. */
function unit(material: string): number {
  const b = sha256(utf8ToBytes(material));
  return (((b[0] as number) << 16) | ((b[1] as number) << 8) | (b[2] as number)) / 0x1000000;
}

/** The training loss after `epoch` (1-based), rounded to four decimals. */
export function lossAt(seed: number, jobId: string, epoch: number): number {
  const start = 1.6 + unit(`${seed}:${jobId}:start`) * 1.2;
  const rate = 0.35 + unit(`${seed}:${jobId}:rate`) * 0.4;
  const floor = 0.05 + unit(`${seed}:${jobId}:floor`) * 0.15;
  const noise = (unit(`${seed}:${jobId}:noise:${epoch}`) - 0.5) * 0.04;
  return Math.round(Math.max(floor, floor + (start - floor) * Math.exp(-rate * epoch) + noise) * 10_000) / 10_000;
}
