// Content parsing: the fixture corpus in every supported format, and readable errors for files
// that are unsupported or corrupt.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findPublishedDate } from '../pipeline.js';
import { htmlToText } from './html.js';
import { ParseError, detectKind, extractText, mimeFor } from './parse.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../fixtures/rag/${name}`, import.meta.url)));
const read = (name: string) => extractText(fixture(name), detectKind(name, ''), name);

describe('extractText', () => {
  it('reads Markdown and plain text as they are', async () => {
    expect((await read('account-security.md')).split('\n')[0]).toBe('# Account security at Acme Cloud');
    expect((await read('billing-and-refunds.txt')).split('\n')[0]).toBe('Billing, invoices and refunds');
  });

  it('reads HTML without scripts, styles or markup, headings as Markdown', async () => {
    const text = await read('desktop-sync-troubleshooting.html');
    expect(text).toContain('# Desktop sync troubleshooting');
    expect(text).toContain('## Conflicted copies');
    expect(text).toContain('File names may not contain the characters < > : " | ? *');
    expect(text).not.toMatch(/analytics|font-family|<p>/);
  });

  it('reads the text of a PDF, page by page', async () => {
    const text = await read('api-rate-limits.pdf');
    expect(text.startsWith('API rate limits\nThe Acme Cloud REST API limits how many requests each API key may send.')).toBe(true);
    expect(text).toContain('HTTP status 429 Too Many Requests');
    expect(text).toContain('Retrying with exponential backoff');
  });

  it('reads a DOCX with its headings', async () => {
    const text = await read('data-retention-policy.docx');
    expect(text.split('\n\n').slice(0, 3)).toEqual([
      '# Data retention policy',
      'This policy explains how long Acme Cloud keeps customer data, how deletion works and how backups are handled. It applies to every workspace on every plan.',
      '## Retention periods',
    ]);
  });

  it('fails with a readable ParseError on unsupported, corrupt or empty files', async () => {
    const bytes = new TextEncoder().encode('hello');
    await expect(extractText(bytes, detectKind('photo.png', 'image/png'), 'photo.png')).rejects.toThrow(
      new ParseError('Unsupported file type: photo.png (supported: .txt, .md, .html, .pdf, .docx)'),
    );
    await expect(extractText(bytes, 'pdf', 'broken.pdf')).rejects.toThrow('File is not a PDF document (missing %PDF header)');
    const truncated = fixture('api-rate-limits.pdf').slice(0, 400);
    await expect(extractText(truncated, 'pdf', 'truncated.pdf')).rejects.toThrow(/^Could not read PDF: /);
    await expect(extractText(bytes, 'docx', 'broken.docx')).rejects.toThrow('File is not a DOCX document (not a ZIP container)');
    const zipNotDocx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    await expect(extractText(zipNotDocx, 'docx', 'x.docx')).rejects.toThrow(/^Could not read DOCX: /);
    await expect(extractText(new Uint8Array([0xff, 0xfe, 0x00]), 'text', 'bad.txt')).rejects.toThrow('File is not valid UTF-8 text');
    await expect(extractText(new TextEncoder().encode('  \n '), 'text', 'blank.txt')).rejects.toThrow('File contains no extractable text');
  });
});

describe('file kinds', () => {
  it('detects kinds by extension first, then by declared type', () => {
    expect(detectKind('a.MD', '')).toBe('markdown');
    expect(detectKind('noext', 'application/pdf')).toBe('pdf');
    expect(detectKind('clip.mp3', '')).toBe('audio');
    expect(detectKind('a.exe', 'application/octet-stream')).toBeUndefined();
    expect(mimeFor('docx', 'application/octet-stream')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(mimeFor('text', 'text/plain; charset=utf-8')).toBe('text/plain');
  });

  it('turns HTML lists and entities into text', () => {
    expect(htmlToText('<ul><li>one &amp; two</li><li>three</li></ul>')).toBe('- one & two\n\n- three');
  });

  it('finds the first date written in a text', () => {
    expect(findPublishedDate('Published on 2025-11-03 by us')).toBe('2025-11-03');
    expect(findPublishedDate('Updated March 4, 2025.')).toBe('2025-03-04');
    expect(findPublishedDate('no date here')).toBeUndefined();
  });
});
