// Reads a fetched page (htmlparser2): its title and the links it holds; and a sitemap's <loc>
// entries. Loaded on first crawl, so start-up never pays for the parser.
import { Parser } from 'htmlparser2';

export interface PageOutline {
  title: string;
  links: string[];
}

/** The page's <title> (else its first <h1>) and every <a href>, resolved against `base`. */
export function outline(html: string, base: string): PageOutline {
  let title = '';
  let h1 = '';
  let inTitle = false;
  let inH1 = false;
  const links: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        else if (name === 'h1' && !h1) inH1 = true;
        else if (name === 'a' && attrs.href) {
          const url = absolute(attrs.href, base);
          if (url) links.push(url);
        } else if (name === 'base' && attrs.href) {
          const url = absolute(attrs.href, base);
          if (url) base = url;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (inH1) h1 += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'h1') inH1 = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
  return { title: clean(title) || clean(h1), links };
}

/** An absolute http(s) URL without its fragment, or undefined (mailto:, javascript:, junk). */
export function absolute(href: string, base: string): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.toString();
  } catch {
    return undefined;
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** A sitemap's entries: page URLs, or child sitemaps when it is a sitemap index. */
export function readSitemap(xml: string): { index: boolean; locs: string[] } {
  const locs = [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/gi)].map((m) => (m[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e] ?? e));
  return { index: /<sitemapindex[\s>]/i.test(xml), locs: locs.filter(Boolean) };
}
