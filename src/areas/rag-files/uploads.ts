// Presigned uploads: URLs that point at the emulator itself, accept the bytes with a PUT, and
// hand them to an upload (or an audio finalisation) by their file key.
import { EmulatorError } from '../../core/errors.js';
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import { base64ToBytes, bytesToBase64 } from './base64.js';
import { badUpload, uploadNotFound } from './errors.js';
import { MAX_UPLOAD_BYTES, PRESIGNED_TTL_MS } from './schema.js';

interface UploadRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  file_key: string;
  filename: string;
  byte_size: number;
  content_type: string | null;
  data: string | null;
  uploaded_at: number | null;
  expires_at: number;
  created_at: number;
}

export interface StoredUpload {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export const PRESIGNED_PATH = '/api/v1/rag/presigned';

export class RagUploadStore {
  constructor(private readonly deps: StoreDeps) {}

  /** A `byteSize` of 0 (audio upload URLs, whose size is not announced) accepts any size up to the upload limit. */
  async create(workspaceId: string, items: { byteSize: number; filename: string; contentType?: string | undefined }[], origin: string) {
    const now = this.deps.clock.now();
    const out = [];
    for (const item of items) {
      const uploadId = this.deps.ids.token('up', 32);
      const fileKey = `uploads/${workspaceId}/${uploadId}/${item.filename}`;
      const expiresAt = now + PRESIGNED_TTL_MS;
      await this.deps.storage.run(
        `INSERT INTO rag_uploads (id, workspace_id, file_key, filename, byte_size, content_type, data, uploaded_at, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)`,
        [uploadId, workspaceId, fileKey, item.filename, item.byteSize, item.contentType ?? null, expiresAt, now],
      );
      out.push({
        uploadId,
        fileKey,
        filename: item.filename,
        byteSize: item.byteSize,
        uploadUrl: `${origin}${PRESIGNED_PATH}/${uploadId}`,
        method: 'PUT' as const,
        headers: { 'content-type': item.contentType ?? 'application/octet-stream' },
        expiresAt: toIso(expiresAt),
      });
    }
    return out;
  }

  /** Accepts the bytes of a presigned upload: exactly the size announced, before it expires. */
  async put(uploadId: string, bytes: Uint8Array, contentType: string | null) {
    const row = await this.deps.storage.get<UploadRow>('SELECT * FROM rag_uploads WHERE id = ?', [uploadId]);
    if (!row) throw uploadNotFound();
    if (this.deps.clock.now() > Number(row.expires_at)) throw new EmulatorError('FORBIDDEN', 'Upload URL has expired', { expiresAt: toIso(Number(row.expires_at)) });
    if (Number(row.byte_size) === 0 ? bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES : bytes.length !== Number(row.byte_size)) {
      throw badUpload('Body size does not match the presigned byteSize', [
        { path: 'body', message: Number(row.byte_size) === 0 ? `Expected 1 to ${MAX_UPLOAD_BYTES} bytes, got ${bytes.length}` : `Expected ${row.byte_size} bytes, got ${bytes.length}` },
      ]);
    }
    await this.deps.storage.run('UPDATE rag_uploads SET data = ?, content_type = ?, uploaded_at = ? WHERE id = ?', [
      bytesToBase64(bytes),
      contentType ?? row.content_type,
      this.deps.clock.now(),
      uploadId,
    ]);
    return { uploadId, fileKey: row.file_key, byteSize: bytes.length, status: 'uploaded' as const };
  }

  /** The bytes behind a file key of this workspace; 400 at `path` when absent or not uploaded yet. */
  async take(workspaceId: string, fileKey: string, path: string): Promise<StoredUpload> {
    const row = await this.deps.storage.get<UploadRow>('SELECT * FROM rag_uploads WHERE file_key = ? AND workspace_id = ?', [fileKey, workspaceId]);
    if (!row) throw badUpload('Unknown fileKey', [{ path, message: 'No presigned upload has this key' }]);
    if (row.data === null) throw badUpload('Nothing was uploaded to this presigned URL yet', [{ path, message: 'Upload the bytes with PUT first' }]);
    return { filename: row.filename, contentType: row.content_type ?? 'application/octet-stream', bytes: base64ToBytes(row.data) };
  }
}
