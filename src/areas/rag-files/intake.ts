// Upload intake: reads and checks a multipart upload (every problem reported at once, at paths
// like `body.title`), resolves its targets, and saves one file record per target.
import { validationError, type ValidationIssue } from '../../core/errors.js';
import { zodIssues } from '../../core/validation.js';
import type { Actor } from '../rag-targets/public.js';
import { noTarget, targetNotFound } from '../rag-targets/public.js';
import type { RagTargetStore, TargetRow } from '../rag-targets/public.js';
import { bytesToBase64 } from './base64.js';
import { plainBoundary, readPlainForm, type FormEntry, type PlainFile } from './multipart.js';
import { detectKind, extensionOf, mimeFor } from './parsing/parse.js';
import { CLEANERS, type RagPipeline } from './pipeline.js';
import { ChunkingToolConfigSchema, FilenameSchema, MAX_UPLOAD_BYTES, UploadFieldsSchema, type ChunkingTool, type UploadFields } from './schema.js';
import type { FileOptions, FileRow, RagFileStore } from './store.js';
import type { RagUploadStore } from './uploads.js';

/** What an upload carries once checked: its fields, its bytes and where they came from. */
export interface CheckedUpload {
  fields: UploadFields;
  options: FileOptions;
  file?: File | PlainFile;
}

export interface IncomingFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Multipart overhead allowed beyond the largest file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

const issue = (path: string, message: string): ValidationIssue => ({ path, message });

/** `ragVectorIds`: comma-separated ids or a JSON array string. */
export function parseIdList(value: string): string[] | undefined {
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (Array.isArray(parsed) && parsed.every((id) => typeof id === 'string' && id.trim())) return [...new Set(parsed.map((id: string) => id.trim()))];
    } catch {
      return undefined;
    }
    return undefined;
  }
  const ids = trimmed.split(',').map((id) => id.trim()).filter(Boolean);
  return ids.length ? [...new Set(ids)] : undefined;
}

export function parseCleaners(value: string | string[] | undefined): { cleaners?: string[]; error?: string } {
  if (value === undefined) return {};
  let list: unknown = value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    try {
      list = trimmed.startsWith('[') ? JSON.parse(trimmed) : trimmed.split(',').map((c) => c.trim()).filter(Boolean);
    } catch {
      return { error: 'Expected a comma-separated list or a JSON array' };
    }
  }
  if (!Array.isArray(list) || !list.every((c) => typeof c === 'string')) return { error: 'Expected a list of cleaner names' };
  const unknown = list.filter((c) => !(CLEANERS as readonly string[]).includes(c));
  if (unknown.length) return { error: `Unknown cleaner(s) ${unknown.join(', ')}; known: ${CLEANERS.join(', ')}` };
  return { cleaners: list };
}

/**
 * The form's entries: a plain body (what fetch, curl and requests send) read in one scan of its
 * bytes; any other body given, as the same bytes, to the platform's parser, which answers as the
 * request itself would have.
 */
async function formEntries(request: Request, type: string): Promise<Iterable<FormEntry | [string, FormDataEntryValue]>> {
  const boundary = plainBoundary(type);
  if (boundary === undefined) return (await request.formData()).entries();
  const bytes = new Uint8Array(await request.arrayBuffer());
  const plain = readPlainForm(bytes, boundary);
  if (plain) return plain;
  const again = new Request('http://upload.local/', { method: 'POST', headers: { 'content-type': type }, body: bytes });
  return (await again.formData()).entries();
}

/** Reads the multipart form and checks every field; nothing is stored until all of it is good. */
export async function readUpload(request: Request): Promise<CheckedUpload> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw validationError('Content-Type must be multipart/form-data', [issue('body', `Unsupported content type "${type}"`)]);
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) {
    throw validationError('Upload too large', [issue('body.file', `A file may have at most ${MAX_UPLOAD_BYTES} bytes`)], { maxBytes: MAX_UPLOAD_BYTES });
  }
  let form: Iterable<FormEntry | [string, FormDataEntryValue]>;
  try {
    form = await formEntries(request, type);
  } catch {
    throw validationError('Malformed multipart body', [issue('body', 'Body is not valid multipart/form-data')]);
  }
  const issues: ValidationIssue[] = [];
  const text: Record<string, string> = {};
  const files: (File | PlainFile)[] = [];
  for (const [name, value] of form) {
    if (name === 'file') {
      if (typeof value === 'string') issues.push(issue('body.file', 'Expected a file, got a text field'));
      else files.push(value);
    } else if (typeof value !== 'string') issues.push(issue(`body.${name}`, 'Expected a text field, got a file'));
    else if (name in text) issues.push(issue(`body.${name}`, 'Field given more than once'));
    else text[name] = value;
  }
  const parsed = UploadFieldsSchema.safeParse(text);
  if (!parsed.success) issues.push(...zodIssues(parsed.error).map((i) => ({ ...i, path: i.path ? `body.${i.path}` : 'body' })));
  const fields = parsed.success ? parsed.data : undefined;

  if (files.length > 1) issues.push(issue('body.file', 'Send one file per upload'));
  const file = files[0];
  if (!file && text.fileKey === undefined) issues.push(issue('body.file', 'Required'));
  if (file && text.fileKey !== undefined) issues.push(issue('body.fileKey', 'Send either file or fileKey, not both'));
  if (file) {
    const name = FilenameSchema.safeParse(file.name);
    if (!name.success) issues.push(...name.error.issues.map((i) => issue('body.file.name', i.message)));
    if (file.size === 0) issues.push(issue('body.file', 'File is empty'));
    if (file.size > MAX_UPLOAD_BYTES) issues.push(issue('body.file', `A file may have at most ${MAX_UPLOAD_BYTES} bytes`));
  }

  const options: FileOptions = {};
  if (text.chunkingToolConfig !== undefined) {
    let config: unknown;
    try {
      config = JSON.parse(text.chunkingToolConfig);
    } catch {
      issues.push(issue('body.chunkingToolConfig', 'Expected a JSON object'));
    }
    if (config !== undefined) {
      const checked = ChunkingToolConfigSchema.safeParse(config);
      if (!checked.success) issues.push(...zodIssues(checked.error).map((i) => ({ ...i, path: `body.chunkingToolConfig${i.path ? `.${i.path}` : ''}` })));
      else {
        if (checked.data.chunkSize !== undefined) options.chunkSize = checked.data.chunkSize;
        if (checked.data.chunkOverlap !== undefined) options.chunkOverlap = checked.data.chunkOverlap;
        if (options.chunkSize !== undefined && options.chunkOverlap !== undefined && options.chunkOverlap >= options.chunkSize) {
          issues.push(issue('body.chunkingToolConfig.chunkOverlap', 'chunkOverlap must be smaller than chunkSize'));
        }
      }
    }
  }
  const cleaners = parseCleaners(text.cleaners);
  if (cleaners.error) issues.push(issue('body.cleaners', cleaners.error));
  else if (cleaners.cleaners) options.cleaners = cleaners.cleaners;
  if (text.ragVectorIds !== undefined && !parseIdList(text.ragVectorIds)) {
    issues.push(issue('body.ragVectorIds', 'Expected comma-separated ids or a JSON array of ids'));
  }
  if (text.ragVectorId !== undefined && text.ragVectorIds !== undefined) issues.push(issue('body.ragVectorIds', 'Send either ragVectorId or ragVectorIds'));

  if (issues.length > 0 || !fields) throw validationError('Invalid upload', issues);
  if (fields.extractPublishedDate === 'true') options.extractPublishedDate = true;
  if (fields.publishedDate !== undefined) options.publishedDate = fields.publishedDate;
  if (fields.chunkingAuthId !== undefined) options.chunkingAuthId = fields.chunkingAuthId;
  return { fields, options, ...(file && { file }) };
}

/** The targets an upload goes to: ragVectorId, each of ragVectorIds, else the first target; all of this workspace. */
export async function resolveTargets(targets: RagTargetStore, workspaceId: string, single?: string, many?: string): Promise<TargetRow[]> {
  const ids = single !== undefined ? [single] : many !== undefined ? (parseIdList(many) ?? []) : undefined;
  if (ids === undefined) {
    const first = (await targets.rows(workspaceId))[0];
    if (!first) throw noTarget();
    return [first];
  }
  const out: TargetRow[] = [];
  for (const id of ids) {
    const row = await targets.row(workspaceId, id);
    if (!row) throw targetNotFound();
    out.push(row);
  }
  return out;
}

export interface SaveInput {
  workspaceId: string;
  targets: TargetRow[];
  title: string;
  description: string;
  chunkingTool: ChunkingTool;
  options: FileOptions;
  incoming: IncomingFile;
  sourceUrl?: string | undefined;
  fileKey?: string | undefined;
  fileType?: string;
  actor: Actor;
}

/** Saves one file record per target and starts each one's indexing. */
export async function saveUpload(files: RagFileStore, pipeline: RagPipeline, input: SaveInput): Promise<FileRow[]> {
  const kind = detectKind(input.incoming.filename, input.incoming.contentType);
  const rows: FileRow[] = [];
  const raw = bytesToBase64(input.incoming.bytes);
  for (const target of input.targets) {
    const row = await files.insert(
      {
        workspaceId: input.workspaceId,
        targetId: target.id,
        title: input.title,
        description: input.description,
        originalName: input.incoming.filename,
        fileType: input.fileType ?? kind ?? (extensionOf(input.incoming.filename) || 'unknown'),
        mimeType: mimeFor(kind, input.incoming.contentType),
        sizeBytes: input.incoming.bytes.length,
        chunkingTool: input.chunkingTool,
        options: input.options,
        ...(input.sourceUrl !== undefined && { sourceUrl: input.sourceUrl }),
        ...(input.fileKey !== undefined && { fileKey: input.fileKey }),
        raw,
      },
      input.actor,
    );
    await pipeline.begin(row);
    rows.push(row);
  }
  return rows;
}

export type { RagUploadStore };
