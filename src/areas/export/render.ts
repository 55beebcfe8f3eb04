// What an export holds, read from the workspace's stored rows: transcript messages (the transcripts
// API's and chat threads'), rendered as JSONL, CSV (RFC 4180) or a zip archive of the workspace.
import type { Storage } from '../../storage/storage.js';
import { parseJson, toIso } from '../../core/services.js';

/** One message of one conversation: a row of the CSV, a line of the JSONL. */
export interface MessageLine {
  source: 'transcript' | 'chat';
  transcriptId: string;
  title: string | null;
  releaseId: string | null;
  position: number;
  role: string;
  content: string;
  timestamp: string;
}

export interface TranscriptFilters {
  releaseId?: string | undefined;
  transcriptIds?: string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type Row = Record<string, string | number | null>;

/** The transcripts API stores content as JSON (it may be any value): text as it was sent, anything else as JSON text. */
export function transcriptContent(stored: string | number | null | undefined): string {
  let value: unknown = stored;
  try {
    value = JSON.parse(String(stored));
  } catch {
    value = stored;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Every message of the workspace that passes the filters: transcripts first, then chat threads, each in order. */
export async function messageLines(storage: Storage, workspaceId: string, filters: TranscriptFilters = {}): Promise<MessageLine[]> {
  const from = filters.from !== undefined ? Date.parse(filters.from) : -Infinity;
  const to = filters.to !== undefined ? Date.parse(filters.to) : Infinity;
  const wanted = filters.transcriptIds && new Set(filters.transcriptIds);
  const keep = (id: string, at: number) => (!wanted || wanted.has(id)) && at >= from && at <= to;
  const out: MessageLine[] = [];
  if (filters.releaseId === undefined) {
    const rows = await storage.all<Row>(
      `SELECT t.id AS tid, t.title AS title, m.position AS position, m.role AS role, m.content AS content, m.timestamp AS ts
       FROM transcripts t JOIN transcript_messages m ON m.transcript_id = t.id WHERE t.workspace_id = ? ORDER BY t.seq, m.position`,
      [workspaceId],
    );
    for (const r of rows) {
      if (!keep(String(r.tid), Number(r.ts))) continue;
      out.push({ source: 'transcript', transcriptId: String(r.tid), title: r.title === null ? null : String(r.title), releaseId: null, position: Number(r.position), role: String(r.role), content: transcriptContent(r.content), timestamp: toIso(Number(r.ts)) });
    }
  }
  const threads = await storage.all<Row>(
    `SELECT t.id AS tid, t.title AS title, t.release_id AS rid, m.position AS position, m.role AS role, m.content AS content, m.timestamp AS ts
     FROM chat_threads t JOIN chat_messages m ON m.thread_id = t.id WHERE t.workspace_id = ?${filters.releaseId !== undefined ? ' AND t.release_id = ?' : ''} ORDER BY t.seq, m.position`,
    filters.releaseId !== undefined ? [workspaceId, filters.releaseId] : [workspaceId],
  );
  for (const r of threads) {
    if (!keep(String(r.tid), Number(r.ts))) continue;
    out.push({ source: 'chat', transcriptId: String(r.tid), title: r.title === null ? null : String(r.title), releaseId: String(r.rid), position: Number(r.position), role: String(r.role), content: String(r.content), timestamp: toIso(Number(r.ts)) });
  }
  return out;
}

export const toJsonl = (lines: unknown[]): string => lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '');

const CSV_COLUMNS = ['source', 'transcriptId', 'title', 'releaseId', 'position', 'role', 'timestamp', 'content'] as const;

/** RFC 4180: CRLF line ends; a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(lines: MessageLine[]): string {
  const rows = [CSV_COLUMNS.join(','), ...lines.map((l) => CSV_COLUMNS.map((c) => csvField(l[c])).join(','))];
  return rows.join('\r\n') + '\r\n';
}

/** Rows of a table of the workspace as JSON, minus the columns that hold bytes or secrets. */
async function tableJson(storage: Storage, sql: string, workspaceId: string, drop: string[] = [], json: string[] = []): Promise<Row[]> {
  const rows = await storage.all<Row>(sql, [workspaceId]);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (drop.includes(k)) continue;
      out[k] = json.includes(k) ? parseJson(v, null) : /_at$/.test(k) && v !== null ? toIso(Number(v)) : v;
    }
    return out as Row;
  });
}

/** The files of a workspace archive, by path (text content). */
export async function workspaceFiles(storage: Storage, workspaceId: string, workspace: unknown, releases: unknown[]): Promise<Record<string, string>> {
  const lines = await messageLines(storage, workspaceId);
  const targets = await tableJson(storage, 'SELECT * FROM rag_targets WHERE workspace_id = ? ORDER BY seq', workspaceId, ['seq'], ['settings']);
  const files = await tableJson(storage, 'SELECT * FROM rag_files WHERE workspace_id = ? ORDER BY seq', workspaceId, ['seq', 'raw', 'text', 'run_id'], ['options', 'document_metadata']);
  const connectors = await tableJson(storage, 'SELECT * FROM connectors WHERE workspace_id = ? ORDER BY seq', workspaceId, ['seq', 'credentials_hash'], ['config']);
  const tools = (await tableJson(storage, 'SELECT * FROM external_tools WHERE workspace_id = ? ORDER BY seq', workspaceId, ['seq'], ['input_schema', 'headers', 'release_ids'])).map((t) => ({
    ...t,
    headers: Object.fromEntries(Object.keys((t.headers as unknown as Record<string, string>) ?? {}).map((k) => [k, '***'])),
  }));
  const pretty = (v: unknown) => JSON.stringify(v, null, 2) + '\n';
  return {
    'workspace.json': pretty(workspace),
    'releases.json': pretty(releases),
    'transcripts.jsonl': toJsonl(lines),
    'rag/targets.json': pretty(targets),
    'rag/files.json': pretty(files),
    'connectors.json': pretty(connectors),
    'external-tools.json': pretty(tools),
  };
}

/** A zip of text files, every entry stamped with the export's emulator time (same bytes every run). */
export async function zipOf(files: Record<string, string>, at: number): Promise<Uint8Array> {
  const { zipSync, strToU8 } = await import('fflate');
  // Zip stamps are local-time fields (fflate reads a Date's local parts): give it a Date whose local
  // parts are the emulator time's UTC parts, so the bytes do not depend on the machine's time zone.
  const utc = new Date(at);
  const mtime = new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds());
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const [path, text] of Object.entries(files)) entries[path] = [strToU8(text), { mtime }];
  return zipSync(entries, { level: 6 });
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
