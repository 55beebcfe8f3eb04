// Content fingerprints for the in-memory indexes: after a load or an import, an index built before
// is reused only when storage holds exactly the chunks it was built from (ids come from the seed,
// so the same ids can name other content on another history). Far cheaper than a rebuild: one pass
// over the characters, where a rebuild tokenizes, stems, embeds and inserts every chunk.

/** Two independent 32-bit lanes, kept to 53 bits so the result is an exact JavaScript number. */
export interface Fingerprint {
  a: number;
  b: number;
}

/** A fresh fingerprint (nothing mixed in yet). */
export function fingerprintStart(): Fingerprint {
  return { a: 0x811c9dc5, b: 0x9e3779b9 };
}

/** Mixes a string in, then a separator, so ('ab', 'c') and ('a', 'bc') differ. */
export function mixText(into: Fingerprint, text: string): void {
  let a = into.a;
  let b = into.b;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  // The length closes the string: no separator character can be confused with content.
  a = Math.imul(a ^ text.length ^ 0xff, 0x01000193);
  b = Math.imul(b ^ text.length ^ 0xfe, 0x5bd1e995);
  into.a = a;
  into.b = b ^ (b >>> 13);
}

/** Mixes a number in (a file's order, for instance). */
export function mixNumber(into: Fingerprint, value: number): void {
  mixText(into, String(value));
}

/** Mixes in an integer below 2^53 (another fingerprint, say) without building a string. */
export function mixInteger(into: Fingerprint, value: number): void {
  const high = Math.floor(value / 0x100000000);
  const low = value >>> 0;
  let a = Math.imul(into.a ^ low, 0x01000193);
  let b = Math.imul(into.b ^ low, 0x5bd1e995);
  b ^= b >>> 15;
  a = Math.imul(a ^ high, 0x01000193);
  b = Math.imul(b ^ high, 0x5bd1e995);
  b ^= b >>> 15;
  into.a = a;
  into.b = b ^ (b >>> 13);
}

/** The fingerprint as one exact number (53 bits). */
export function fingerprintValue(from: Fingerprint): number {
  return (from.a >>> 0) * 0x200000 + ((from.b >>> 0) & 0x1fffff);
}

/** The fingerprint of one chunk: its id and its text. */
export function chunkFingerprint(id: string, content: string): number {
  const f = fingerprintStart();
  mixText(f, id);
  mixText(f, content);
  return fingerprintValue(f);
}
