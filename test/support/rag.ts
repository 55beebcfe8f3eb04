// Helpers for the RAG contract suites: multipart uploads, JSON calls and the clock, through a door.
import { readFileSync } from 'node:fs';
import type { DoorView } from './doors.js';

export const FIXTURE_IDS = ['file_security', 'file_billing', 'file_sync', 'file_ratelimits', 'file_retention'];

export function fixtureBytes(name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(new URL(`../../fixtures/rag/${name}`, import.meta.url)));
}

export interface UploadFields {
  title?: string;
  description?: string;
  chunkingTool?: string;
  [field: string]: string | undefined;
}

/** A multipart upload body: the text fields given (undefined ones left out) and an optional file. */
export function uploadForm(fields: UploadFields, file?: { name: string; content: string | Uint8Array<ArrayBuffer>; type?: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  if (file) form.set('file', new File([file.content], file.name, { type: file.type ?? 'text/plain' }));
  return form;
}

export function ragClient(door: DoorView, key: () => string) {
  const headers = (extra: Record<string, string> = {}) => ({ 'x-api-key': key(), ...extra });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await door.fetch(path, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    del: (path: string) => call('DELETE', path),
    upload: async (form: FormData) => {
      const res = await door.fetch('/api/v1/rag/files', { method: 'POST', headers: headers(), body: form });
      return { status: res.status, body: (await res.json()) as any };
    },
    /** Uploads text to the default target with the required fields filled in. */
    uploadText: async (name: string, content: string, fields: UploadFields = {}) => {
      const form = uploadForm({ title: name, description: 'test upload', chunkingTool: 'default', ...fields }, { name, content });
      const res = await door.fetch('/api/v1/rag/files', { method: 'POST', headers: headers(), body: form });
      return { status: res.status, body: (await res.json()) as any };
    },
    fileIds: async () => ((await call('GET', '/api/v1/rag/files')).body as { _id: string }[]).map((f) => f._id),
  };
}
