// Turns uploaded bytes into text: plain text and Markdown as they are, HTML through htmlparser2,
// PDF through unpdf (pdf.js), DOCX through mammoth. Headings become Markdown `#` lines so the
// chapter-aware chunker can split at them. Libraries load on first use.

export type FileKind = 'text' | 'markdown' | 'html' | 'pdf' | 'docx' | 'audio';

/** A file the pipeline cannot read; its message becomes the file's `error`. */
export class ParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParseError';
  }
}

const BY_EXTENSION: Record<string, FileKind> = {
  txt: 'text',
  text: 'text',
  csv: 'text',
  log: 'text',
  json: 'text',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  pdf: 'pdf',
  docx: 'docx',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  webm: 'audio',
};

const BY_MIME: Record<string, FileKind> = {
  'text/plain': 'text',
  'text/csv': 'text',
  'application/json': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export const MIME_OF: Record<FileKind, string> = {
  text: 'text/plain',
  markdown: 'text/markdown',
  html: 'text/html',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  audio: 'audio/mpeg',
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** What kind of file this is, by extension first, then by declared type; undefined when unknown. */
export function detectKind(filename: string, mimeType: string): FileKind | undefined {
  const mime = mimeType.split(';')[0]!.trim().toLowerCase();
  return BY_EXTENSION[extensionOf(filename)] ?? BY_MIME[mime] ?? (mime.startsWith('audio/') ? 'audio' : undefined);
}

/** The MIME type a file is reported with: the declared one unless it is absent or generic. */
export function mimeFor(kind: FileKind | undefined, declared: string): string {
  const mime = declared.split(';')[0]!.trim().toLowerCase();
  if (mime && mime !== 'application/octet-stream') return mime;
  return kind ? MIME_OF[kind] : 'application/octet-stream';
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new ParseError('File is not valid UTF-8 text');
  }
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  if (!(bytes.length > 5 && decodeAscii(bytes.subarray(0, 5)) === '%PDF-')) throw new ParseError('File is not a PDF document (missing %PDF header)');
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: false });
    return text.map((page) => page.trim()).join('\n\n');
  } catch (err) {
    throw new ParseError(`Could not read PDF: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  if (!(bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b)) throw new ParseError('File is not a DOCX document (not a ZIP container)');
  const mammoth = (await import('mammoth')).default;
  try {
    const input = { buffer: bytes, arrayBuffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
    const { value } = await mammoth.convertToHtml(input as unknown as { buffer: Buffer });
    return (await htmlParser()).htmlToText(value);
  } catch (err) {
    throw new ParseError(`Could not read DOCX: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** htmlparser2 on first use: its entity tables cost a first create that parses no HTML (built-ins come prepared). */
const htmlParser = () => import('./html.js');

function decodeAscii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

/** The text of a file, or a ParseError saying why it cannot be read. */
export async function extractText(bytes: Uint8Array, kind: FileKind | undefined, filename: string): Promise<string> {
  let text: string;
  switch (kind) {
    case undefined:
      throw new ParseError(`Unsupported file type: ${filename} (supported: .txt, .md, .html, .pdf, .docx)`);
    case 'text':
    case 'markdown':
      text = decodeUtf8(bytes);
      break;
    case 'html':
      text = (await htmlParser()).htmlToText(decodeUtf8(bytes));
      break;
    case 'pdf':
      text = await pdfText(bytes);
      break;
    case 'docx':
      text = await docxText(bytes);
      break;
    case 'audio':
      throw new ParseError('Audio files are indexed through /api/v1/rag/files/audio');
    default: {
      const never: never = kind;
      throw new ParseError(`Unsupported file type ${String(never)}`);
    }
  }
  const cleaned = text.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  if (!cleaned) throw new ParseError('File contains no extractable text');
  return cleaned;
}
