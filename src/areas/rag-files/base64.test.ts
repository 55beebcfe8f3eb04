// The table-walk base64 encoder gives exactly what btoa gives, for every length remainder and byte value.
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64.js';

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
