// A small web site served on node:http at 127.0.0.1 (port 0) for crawl tests: a home page linking
// 20 topic pages and one broken link, a sitemap of the 20 pages, and a count of every request so
// a test can tell which pages were fetched. Pages can be edited between crawls.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TOPICS = [
  'lighthouse', 'glacier', 'orchard', 'volcano', 'harbor', 'meadow', 'canyon', 'lagoon', 'prairie', 'tundra',
  'bamboo', 'citadel', 'monsoon', 'quarry', 'reef', 'savanna', 'steppe', 'fjord', 'oasis', 'marsh',
] as const;

export interface Site {
  url: string;
  host: string;
  /** Requests per path since start (or the last reset). */
  hits: Map<string, number>;
  /** Overrides the body text of `/topics/<name>`. */
  edit(topic: string, text: string): void;
  close(): Promise<void>;
}

const pageText = (topic: string, i: number) =>
  `The ${topic} guide, number ${i + 1}. Visitors to the ${topic} should bring water and a map; the ${topic} trail is ${i + 3} kilometres long.`;

export async function startSite(): Promise<Site> {
  const edits = new Map<string, string>();
  const hits = new Map<string, number>();
  let origin = '';
  const topicPage = (topic: string, i: number) => `<!doctype html><html><head><title>${topic[0]!.toUpperCase()}${topic.slice(1)} guide</title>
<style>body { color: red }</style><script>var tracking = "not content";</script></head>
<body><nav><a href="/">Home</a> <a href="/missing-page">Old link</a> <a href="mailto:team@example.com">Mail</a> <a href="/logo.png">Logo</a></nav>
<h1>${topic} guide</h1><p>${edits.get(topic) ?? pageText(topic, i)}</p>
<p><a href="/topics/${TOPICS[(i + 1) % TOPICS.length]}">Next guide</a> <a href="https://elsewhere.example/">Elsewhere</a></p></body></html>`;
  const home = () => `<!doctype html><html><head><title>Field guides</title></head><body><h1>Field guides</h1>
<p>Twenty field guides to the places worth a visit.</p><ul>${TOPICS.map((t) => `<li><a href="/topics/${t}#top">${t}</a></li>`).join('')}</ul>
<p><a href="/missing-page">An old page that is gone</a></p></body></html>`;
  const sitemap = () => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${TOPICS.map((t) => `<url><loc>${origin}/topics/${t}</loc></url>`).join('')}</urlset>`;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (path === '/') return send(200, 'text/html; charset=utf-8', home());
    if (path === '/sitemap.xml') return send(200, 'application/xml', sitemap());
    const topic = /^\/topics\/([a-z]+)$/.exec(path)?.[1];
    const index = TOPICS.indexOf(topic as (typeof TOPICS)[number]);
    if (topic && index >= 0) return send(200, 'text/html; charset=utf-8', topicPage(topic, index));
    if (path === '/data.json') return send(200, 'application/json', '{"not":"html"}');
    return send(404, 'text/html', '<html><body>Not found</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    host: `127.0.0.1:${port}`,
    hits,
    edit: (topic, text) => edits.set(topic, text),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
