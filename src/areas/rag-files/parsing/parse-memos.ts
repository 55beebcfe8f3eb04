// The process-wide memos of text extraction and chunking (pure functions of file content), and
// their prepared form: the build computes what the built-in scenarios' files give, so a first
// emulator need not load pdf.js, mammoth and the BPE tables to place them (Node primes them).
import type { TextChunk } from './chunker.js';
import { Memo } from './memo.js';

/** Extracted text by file kind, name and bytes; errors are not remembered. */
export const TEXTS = new Memo<string>();
/** Chunks by tool, sizes and text. */
export const CHUNKS = new Memo<TextChunk[]>();

/** The memos' entries as the build writes them, with the versions of the libraries that made them. */
export interface PreparedParses {
  versions: Record<string, string>;
  texts: [string, string][];
  chunks: [string, TextChunk[]][];
}

/** The libraries whose output the prepared entries are: another version may parse differently. */
export const PARSER_PACKAGES = ['unpdf', 'mammoth', 'htmlparser2', 'gpt-tokenizer'] as const;

export function dumpParseMemos(versions: Record<string, string>): PreparedParses {
  return { versions, texts: TEXTS.list(), chunks: CHUNKS.list() };
}

/** Lays prepared entries into the memos; the caller has checked that the library versions match. */
export function primeParseMemos(prepared: PreparedParses): void {
  for (const [key, text] of prepared.texts) TEXTS.prime(key, text);
  for (const [key, chunks] of prepared.chunks) CHUNKS.prime(key, chunks);
}
