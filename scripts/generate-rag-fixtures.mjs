// Authoring-time generator of the binary RAG fixtures (run by hand: node scripts/generate-rag-fixtures.mjs;
// never at install). Its outputs, fixtures/rag/api-rate-limits.pdf and data-retention-policy.docx, are committed.
import { writeFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';

const OUT = new URL('../fixtures/rag/', import.meta.url).pathname;
const FIXED = new Date('2025-11-03T10:00:00Z');

const pdfSections = [
  ['API rate limits', 'The Acme Cloud REST API limits how many requests each API key may send. Limits protect the service from bursts and keep latency predictable for every customer. This document was published on 2025-11-03.'],
  ['Requests per minute', 'Each API key may send 600 requests per minute by default. Enterprise keys may send 3000 requests per minute. Uploads count against a separate limit of 60 file uploads per minute per key. The window is a fixed one-minute window that starts at the top of each minute.'],
  ['The 429 response', 'When a key exceeds its limit the API answers with HTTP status 429 Too Many Requests and the error code RATE_LIMITED. The response carries the headers RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and Retry-After. Retry-After tells the client how many seconds to wait before sending the next request.'],
  ['Retrying with exponential backoff', 'Clients should retry a throttled request after the Retry-After delay, then back off exponentially with jitter: wait one second, then two, then four, up to a maximum of sixty seconds. Never retry in a tight loop: repeated 429 responses extend the throttling window for the key.'],
  ['Raising your limit', 'Workspace owners can request a higher rate limit from the API keys page. Describe the expected peak request rate and the endpoints you call. Requests are reviewed within two business days.'],
];

async function pdf() {
  const doc = await PDFDocument.create();
  doc.setTitle('API rate limits');
  doc.setAuthor('Acme Cloud');
  doc.setCreationDate(FIXED);
  doc.setModificationDate(FIXED);
  doc.setProducer('service-emulator fixtures');
  doc.setCreator('service-emulator fixtures');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595, 842]);
  let y = 790;
  const line = (text, f, size) => {
    if (y < 60) {
      page = doc.addPage([595, 842]);
      y = 790;
    }
    page.drawText(text, { x: 50, y, size, font: f });
    y -= size + 6;
  };
  const wrap = (text, f, size) => {
    let current = '';
    for (const word of text.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (f.widthOfTextAtSize(next, size) > 495) {
        line(current, f, size);
        current = word;
      } else current = next;
    }
    if (current) line(current, f, size);
  };
  for (const [i, [heading, body]] of pdfSections.entries()) {
    if (i === 3) {
      page = doc.addPage([595, 842]);
      y = 790;
    }
    wrap(heading, bold, i === 0 ? 18 : 14);
    y -= 4;
    wrap(body, font, 11);
    y -= 12;
  }
  writeFileSync(OUT + 'api-rate-limits.pdf', await doc.save({ useObjectStreams: false }));
}

const docxSections = [
  ['Data retention policy', 'This policy explains how long Acme Cloud keeps customer data, how deletion works and how backups are handled. It applies to every workspace on every plan.'],
  ['Retention periods', 'Files in a workspace are kept for as long as the workspace exists. Deleted files stay in the trash for 30 days and can be restored during that time. Version history keeps previous versions of a file for 180 days on paid plans and 30 days on the free plan. Audit logs are retained for one year.'],
  ['Deleting a workspace', 'When an owner deletes a workspace, its data is scheduled for permanent deletion after a grace period of 14 days. During the grace period the owner can cancel the deletion. After the grace period all files, versions, members and audit logs are erased and cannot be recovered.'],
  ['Backups', 'Encrypted backups are taken every night and stored in a second region. Backups are kept for 35 days, after which they expire. Data erased from a workspace disappears from backups once the last backup that contains it expires.'],
  ['Your rights under GDPR', 'Customers in the European Union may request an export of their personal data or its erasure. An export arrives as a ZIP archive within 30 days. Erasure requests are completed within 30 days, except for records we must keep for tax and accounting law, such as invoices, which are kept for ten years.'],
];

async function docx() {
  const children = [];
  for (const [i, [heading, body]] of docxSections.entries()) {
    children.push(new Paragraph({ text: heading, heading: i === 0 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2 }));
    children.push(new Paragraph({ text: body }));
  }
  const doc = new Document({ creator: 'service-emulator fixtures', title: 'Data retention policy', sections: [{ children }] });
  const buffer = await Packer.toBuffer(doc);
  writeFileSync(OUT + 'data-retention-policy.docx', buffer);
}

await pdf();
await docx();
