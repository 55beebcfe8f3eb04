// The table-walk base64 encoder gives exactly what btoa gives, for every length remainder and byte value.
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, canonicalBase64Size } from './base64.js';

const viaBtoa = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

describe('bytesToBase64', () => {
  it('matches btoa for lengths 0..300 and all byte values, and round-trips', () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) & 255);
      expect(bytesToBase64(bytes)).toBe(viaBtoa(bytes));
      expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    }
    const all = Uint8Array.from({ length: 256 * 3 }, (_, i) => i & 255);
    expect(bytesToBase64(all)).toBe(viaBtoa(all));
  });
});

describe('canonicalBase64Size', () => {
  it('gives the byte count of what bytesToBase64 writes, for every length remainder', () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 89 + length * 13) & 255);
      expect(canonicalBase64Size(bytesToBase64(bytes))).toBe(length);
    }
  });

  it('refuses text that decodes but does not round-trip to itself', () => {
    // Missing padding, whitespace, unused bits set, URL-safe letters, stray characters.
    for (const text of ['QQ', 'QUI', 'QQ==\n', 'QU I=', 'QR==', 'QUJ=', 'a-_b', 'QQ=A', '=', 'Q===', 'QUJD\n']) {
      expect(canonicalBase64Size(text)).toBeUndefined();
      let roundTrip: string | undefined;
      try {
        roundTrip = bytesToBase64(base64ToBytes(text));
      } catch {
        roundTrip = undefined;
      }
      expect(roundTrip).not.toBe(text);
    }
  });
});
