// Model edits as training pairs: JSON Lines in the chat fine-tuning format (as the training-data
// area exports), or CSV with RFC 4180 quoting.
import type { ModelEdit } from '../../types/model-edits.js';

export function editsAsJsonl(edits: ModelEdit[]): string {
  return edits
    .map((e) => `${JSON.stringify({ messages: [{ role: 'user', content: e.prompt }, { role: 'assistant', content: e.correctedReply }], modelEditId: e.id, releaseId: e.releaseId })}\n`)
    .join('');
}

const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function editsAsCsv(edits: ModelEdit[]): string {
  const rows = edits.map((e) => [e.prompt, e.correctedReply, e.originalReply ?? '', e.releaseId, e.id].map(csvField).join(','));
  return `${['prompt,correctedReply,originalReply,releaseId,modelEditId', ...rows].join('\r\n')}\r\n`;
}
