// A fast reader for the plain multipart/form-data bodies real clients send (FormData from fetch,
// curl -F, requests), for upload intake: one scan of the bytes instead of a Request, a stream and
// the platform's parser per upload. Anything outside that plain form (quoted or odd boundaries,
// other part headers, escapes, non-ASCII headers, a preamble) answers undefined, and the caller
// hands the same bytes to the platform's parser, so every answer is the one it would give.

/** A file part as read here: what a File of the platform's parser would hold, without a Blob. */
export interface PlainFile {
  readonly plain: true;
  readonly name: string;
  /** As File normalises it: lower case (the header is printable ASCII here). */
  readonly type: string;
  readonly size: number;
  readonly bytes: Uint8Array;
}

export type FormEntry = [name: string, value: string | PlainFile];

/** A file part's bytes, from either reader. */
export async function fileBytes(file: File | PlainFile): Promise<Uint8Array> {
  return 'plain' in file ? file.bytes : new Uint8Array(await file.arrayBuffer());
}

const CR = 13;
const LF = 10;
const DASH = 45;
/** Boundary characters every client uses (RFC 2046 bchars without the space). */
const BOUNDARY = /^[A-Za-z0-9'()+_,\-./:=?]{1,70}$/;
const DISPOSITION = /^form-data; name="([^"%\\]*)"(?:; filename="([^"%\\]*)")?$/;
const utf8 = new TextDecoder();
const HEADER_END = new Uint8Array([CR, LF, CR, LF]);

/** The boundary of a `multipart/form-data; boundary=…` type written plainly, else undefined. */
export function plainBoundary(contentType: string): string | undefined {
  const match = /^multipart\/form-data; ?boundary=([^;\s"]+)$/i.exec(contentType);
  return match && BOUNDARY.test(match[1]!) ? match[1] : undefined;
}

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = bytes.length - needle.length;
  outer: for (let i = bytes.indexOf(first as number, from); i !== -1 && i <= last; i = bytes.indexOf(first as number, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Printable ASCII only: header bytes another decoding could read otherwise are left to the platform. */
function asciiLine(bytes: Uint8Array, start: number, end: number): string | undefined {
  let out = '';
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b < 0x20 || b > 0x7e) return undefined;
    out += String.fromCharCode(b);
  }
  return out;
}

/** One part's name and filename/type from its header block, or undefined when not plain. */
function partHeaders(bytes: Uint8Array, start: number, end: number): { name: string; filename?: string; type?: string } | undefined {
  let name: string | undefined;
  let filename: string | undefined;
  let type: string | undefined;
  let at = start;
  while (at < end) {
    let eol = bytes.indexOf(CR, at);
    if (eol === -1 || eol > end) eol = end;
    if (eol < end && bytes[eol + 1] !== LF) return undefined;
    const line = asciiLine(bytes, at, eol);
    if (line === undefined) return undefined;
    const colon = line.indexOf(':');
    const header = colon > 0 ? line.slice(0, colon).toLowerCase() : '';
    const value = line.slice(colon + 1).trim();
    if (header === 'content-disposition' && name === undefined) {
      const match = DISPOSITION.exec(value);
      if (!match) return undefined;
      name = match[1];
      filename = match[2];
    } else if (header === 'content-type' && type === undefined && value && /^[\x21-\x7e]+(?:; ?[\x21-\x7e]+)*$/.test(value)) type = value;
    else return undefined;
    at = eol + 2;
  }
  if (name === undefined) return undefined;
  // A file without a type, or a typed text field: the platform's defaults decide; leave them to it.
  if ((filename === undefined) !== (type === undefined)) return undefined;
  return filename === undefined ? { name } : { name, filename, type: type as string };
}

/**
 * The entries of a plain multipart body, in order, as the platform's FormData would hold them; or
 * undefined when the body is not in the plain form (the caller then asks the platform).
 */
export function readPlainForm(bytes: Uint8Array, boundary: string): FormEntry[] | undefined {
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  const open = delimiter.subarray(2);
  for (let i = 0; i < open.length; i++) if (bytes[i] !== open[i]) return undefined;
  const entries: FormEntry[] = [];
  let at = open.length;
  for (;;) {
    // After a delimiter: "--" closes the body (an optional CRLF may follow, nothing else); CRLF opens a part.
    if (bytes[at] === DASH && bytes[at + 1] === DASH) {
      const rest = bytes.length - (at + 2);
      return rest === 0 || (rest === 2 && bytes[at + 2] === CR && bytes[at + 3] === LF) ? entries : undefined;
    }
    if (bytes[at] !== CR || bytes[at + 1] !== LF) return undefined;
    const headStart = at + 2;
    const headEnd = indexOf(bytes, HEADER_END, headStart);
    if (headEnd === -1) return undefined;
    const head = partHeaders(bytes, headStart, headEnd);
    if (!head) return undefined;
    const bodyStart = headEnd + 4;
    const bodyEnd = indexOf(bytes, delimiter, bodyStart);
    if (bodyEnd === -1) return undefined;
    const body = bytes.subarray(bodyStart, bodyEnd);
    entries.push([head.name, head.filename === undefined ? utf8.decode(body) : { plain: true, name: head.filename, type: (head.type as string).toLowerCase(), size: body.length, bytes: body.slice() }]);
    at = bodyEnd + delimiter.length;
  }
}
