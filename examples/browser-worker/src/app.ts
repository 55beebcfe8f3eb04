// The example application: plain fetch calls to the workspace AI service. It never imports the
// emulator: in the browser the service worker answers these calls, against `serve` the server does.
import type { RagContextResult } from 'service-emulator/types';

export interface ServiceConfig {
  baseUrl: string;
  apiKey: string;
}

export interface TranscriptItem {
  _id: string;
  title: string;
  messageCount: number;
}

async function call<T>(config: ServiceConfig, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${config.baseUrl}${path}`, {
    ...init,
    headers: { 'x-api-key': config.apiKey, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await response.json()) as T & { error?: { code: string; message: string } };
  if (!response.ok) throw new Error(`${response.status} ${body.error?.code ?? ''}: ${body.error?.message ?? 'request failed'}`);
  return body;
}

export async function listTranscripts(config: ServiceConfig): Promise<TranscriptItem[]> {
  const body = await call<{ transcripts: TranscriptItem[] }>(config, '/api/v1/transcripts?limit=50');
  return body.transcripts;
}

export function ragContext(config: ServiceConfig, collectionId: string, query: string, topK = 3): Promise<RagContextResult> {
  return call<RagContextResult>(config, '/api/v1/rag/context', {
    method: 'POST',
    body: JSON.stringify({ collectionId, query, topK }),
  });
}

function item(tag: string, text: string, attrs: Record<string, string> = {}): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = text;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

export function showTranscripts(list: HTMLElement, transcripts: TranscriptItem[]): void {
  list.replaceChildren(...transcripts.map((t) => item('li', t.title || '(untitled)', { 'data-id': t._id })));
}

export function showContext(list: HTMLElement, result: RagContextResult): void {
  list.replaceChildren(
    ...result.chunks.map((chunk) => {
      const li = item('li', '', { 'data-file': chunk.fileId ?? '' });
      li.append(item('strong', `${chunk.score?.toFixed(3) ?? '–'} · ${chunk.source ?? chunk.fileId ?? ''}`), item('p', chunk.content));
      return li;
    }),
  );
}
