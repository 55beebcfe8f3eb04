// HTML to text with htmlparser2: scripts and styles dropped, block elements on their own lines,
// headings kept as Markdown `#` lines for the chapter-aware chunker.
import { Parser } from 'htmlparser2';

const BLOCKS = new Set(['p', 'div', 'section', 'article', 'li', 'ul', 'ol', 'br', 'tr', 'table', 'blockquote', 'pre', 'header', 'footer', 'main', 'nav', 'hr', 'dd', 'dt']);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);

export function htmlToText(html: string): string {
  const out: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIP.has(name)) skipping++;
        else if (/^h[1-6]$/.test(name)) out.push(`\n\n${'#'.repeat(Number(name[1]))} `);
        else if (name === 'li') out.push('\n- ');
        else if (BLOCKS.has(name)) out.push('\n');
      },
      ontext(text) {
        if (skipping === 0) out.push(text.replace(/\s+/g, ' '));
      },
      onclosetag(name) {
        if (SKIP.has(name)) skipping = Math.max(0, skipping - 1);
        else if (/^h[1-6]$/.test(name)) out.push('\n\n');
        else if (BLOCKS.has(name)) out.push('\n');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
