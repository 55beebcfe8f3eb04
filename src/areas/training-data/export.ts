// Training-data downloads: JSON Lines in the chat fine-tuning format, or CSV (RFC 4180 quoting).
import type { TrainingPair } from '../../types/model-lifecycle.js';

export type ExportFormat = 'jsonl' | 'csv';

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  jsonl: 'application/jsonl; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function exportText(pairs: TrainingPair[], format: ExportFormat): string {
  if (format === 'jsonl') {
    return pairs
      .map((p) => `${JSON.stringify({ messages: [{ role: 'user', content: p.question }, { role: 'assistant', content: p.answer }] })}\n`)
      .join('');
  }
  const rows = pairs.map((p) => [p.question, p.answer, p.source ? `${p.source.type}:${p.source.id}` : ''].map(csvField).join(','));
  return `${['question,answer,source', ...rows].join('\r\n')}\r\n`;
}

/** A file name safe in a Content-Disposition header. */
export function exportFilename(title: string, id: string, format: ExportFormat): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'training-data';
  return `${slug}-${id}.${format}`;
}

/** The set as a markdown document for a RAG target: one section per pair, so chunks keep a pair whole. */
export function ragDocument(title: string, pairs: TrainingPair[]): string {
  return [`# ${title}`, '', ...pairs.flatMap((p) => [`## ${p.question}`, '', p.answer, ''])].join('\n');
}
