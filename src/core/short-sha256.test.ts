// The one-block SHA-256 gives the general hash's digest (and declines what it cannot do).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_SHA256_MAX, shortSha256Hex } from './short-sha256.js';
import { SeededRequestIds, seededRequestId } from './request-id.js';

const general = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

describe('shortSha256Hex', () => {
  it('matches SHA-256 for every ASCII length that fits one block', () => {
    for (let length = 0; length <= SHORT_SHA256_MAX; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 7 + length) % 95))).join('');
      expect(shortSha256Hex(text)).toBe(general(text));
    }
    expect(shortSha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches SHA-256 on random short ASCII texts, and on request-id texts', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: SHORT_SHA256_MAX }), (text) => {
        expect(shortSha256Hex(text)).toBe(general(text));
      }),
    );
    for (const [seed, n] of [[0, 1], [42, 99_999], [2 ** 31 - 1, 2 ** 40], [-7, 3]] as const) {
      for (const kind of ['service', 'control'] as const) {
        const prefix = kind === 'service' ? 'req_' : 'ctl_';
        expect(seededRequestId(seed, n, kind)).toBe(prefix + general(`${kind}:${seed}:${n}`).slice(0, 24));
      }
    }
  });

  it('writes a prefix and the first words only, as one flat string', () => {
    for (const words of [0, 1, 3, 8]) {
      expect(shortSha256Hex('service:7:12', words, 'req_')).toBe('req_' + general('service:7:12').slice(0, 8 * words));
    }
  });

  it('declines long or non-ASCII texts (the general hash takes them)', () => {
    expect(shortSha256Hex('x'.repeat(SHORT_SHA256_MAX + 1))).toBeUndefined();
    expect(shortSha256Hex('café')).toBeUndefined();
    expect(seededRequestId(0, 1e300)).toBe('req_' + general(`service:0:${1e300}`).slice(0, 24));
  });

  it('makes the same ids a batch ahead: a long run, a jump, a restart, a new seed, going back', () => {
    for (const kind of ['service', 'control'] as const) {
      const ids = new SeededRequestIds(kind);
      const asked: Array<[number, number]> = [];
      for (let n = 1; n <= 200; n++) asked.push([7, n]);
      asked.push([7, 500], [7, 501], [7, 1], [7, 2], [8, 3], [8, 4], [7, 4], [7, 3], [7, 3]);
      for (const [seed, n] of asked) expect(ids.id(seed, n)).toBe(seededRequestId(seed, n, kind));
    }
  });
});
