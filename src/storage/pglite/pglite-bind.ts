// The Bind message of one statement run, written in one go: PGlite's serializer builds it through two
// growing writers and a byte count per value (a few % of a create).
const encoder = new TextEncoder();

/**
 * Bind of the unnamed portal to `statement`, every value as text (`null`: SQL NULL) and every
 * result column as text: the bytes PGlite's `serialize.bind({ statement, values })` writes.
 */
export function bindMessage(statement: string, values: readonly (string | null)[]): Uint8Array {
  // A UTF-16 code unit is at most 3 bytes of UTF-8.
  let size = 5 + 1 + statement.length * 3 + 1 + 2 + values.length * 2 + 2 + 2;
  for (const value of values) size += 4 + (value === null ? 0 : value.length * 3);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out[0] = 0x42; // 'B'
  let at = 6; // the length, then the unnamed portal's terminator (zeros already)
  at += encoder.encodeInto(statement, out.subarray(at)).written + 1;
  view.setUint16(at, values.length);
  at += 2 + values.length * 2; // every parameter's format code: 0, text
  view.setUint16(at, values.length);
  at += 2;
  for (const value of values) {
    if (value === null) {
      view.setInt32(at, -1);
      at += 4;
      continue;
    }
    const written = encoder.encodeInto(value, out.subarray(at + 4)).written;
    view.setInt32(at, written);
    at += 4 + written;
  }
  at += 2; // no result format codes: every column as text
  view.setInt32(1, at - 1);
  return out.subarray(0, at);
}
