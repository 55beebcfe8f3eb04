// Backend messages read straight from the bytes PGlite answers, for the kinds a statement's answer
// holds; anything else (an error, a notice) is left to PGlite's own parser, so errors are its own.
import { protocol } from '@electric-sql/pglite';

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];

const { messages: m } = protocol;

/**
 * As PGlite's reader decodes: UTF-8, a byte sequence it cannot read as U+FFFD, a leading BOM
 * dropped. A short ASCII value (most of them: ids, numbers, times) is built from its bytes instead.
 */
const decoder = new TextDecoder('utf-8');
const SHORT = 64;

function text(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT) {
    let out = '';
    for (let i = start; i < end; i++) {
      const byte = bytes[i]!;
      if (byte >= 0x80) return decoder.decode(bytes.subarray(start, end));
      out += String.fromCharCode(byte);
    }
    return out;
  }
  return decoder.decode(bytes.subarray(start, end));
}

/** The message kinds read here, by code; their objects are PGlite's own (the same classes and fields). */
const FIXED: Record<number, BackendMessage> = {
  0x31: m.parseComplete,
  0x32: m.bindComplete,
  0x33: m.closeComplete,
  0x6e: m.noData,
  0x73: m.portalSuspended,
  0x49: m.emptyQuery,
};

/**
 * The messages in `bytes` (whole messages, as one call into Postgres answers them), or undefined
 * when one is of a kind read only by PGlite's parser. PGlite's reader copies every value into a
 * buffer of its own before decoding it, which was most of the JavaScript time of reading rows: a
 * third of a `snapshot()`.
 */
export function readMessages(bytes: Uint8Array): BackendMessage[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: BackendMessage[] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at]!;
    const length = view.getUint32(at + 1);
    const end = at + 1 + length;
    if (end > bytes.length || length < 4) return undefined;
    let p = at + 5;
    const cstring = (): string => {
      const start = p;
      while (bytes[p] !== 0) p++;
      return text(bytes, start, p++);
    };
    switch (code) {
      case 0x44: {
        // DataRow: a count, then each value's length (-1: null) and bytes.
        const count = view.getInt16(p);
        p += 2;
        const fields: (string | null)[] = new Array(count);
        for (let i = 0; i < count; i++) {
          const len = view.getInt32(p);
          p += 4;
          fields[i] = len === -1 ? null : text(bytes, p, p + len);
          if (len > 0) p += len;
        }
        out.push(new m.DataRowMessage(length, fields));
        break;
      }
      case 0x54: {
        const count = view.getInt16(p);
        p += 2;
        const message = new m.RowDescriptionMessage(length, count);
        for (let i = 0; i < count; i++) {
          const name = cstring();
          const tableID = view.getInt32(p);
          const columnID = view.getInt16(p + 4);
          const dataTypeID = view.getInt32(p + 6);
          const dataTypeSize = view.getInt16(p + 10);
          const dataTypeModifier = view.getInt32(p + 12);
          const format = view.getInt16(p + 16) === 0 ? 0 : 1;
          p += 18;
          message.fields[i] = new m.Field(name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format);
        }
        out.push(message);
        break;
      }
      case 0x43:
        out.push(new m.CommandCompleteMessage(length, cstring()));
        break;
      case 0x5a:
        out.push(new m.ReadyForQueryMessage(length, String.fromCharCode(bytes[p]!)));
        break;
      default: {
        const fixed = FIXED[code];
        if (!fixed) return undefined;
        out.push(fixed);
      }
    }
    at = end;
  }
  return at === bytes.length ? out : undefined;
}

/** Every message in `bytes`, read by PGlite's own parser (errors and notices as PGlite makes them). */
export function parseMessages(bytes: Uint8Array): BackendMessage[] {
  const out: BackendMessage[] = [];
  new protocol.Parser().parse(bytes, (message) => out.push(message));
  return out;
}
