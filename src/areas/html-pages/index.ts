// The html-pages area (tags html-pages, www-rag, local-sync): crawls fetched through the world's
// outbound fetch and indexed through the upload pipeline, docs sources, www-rag submissions and
// its signed site registry, and local-sync chunk pushes.
import { defineArea } from '../../core/area.js';
import { Crawler } from './crawls.js';
import { DocSources } from './docs.js';
import { CrawlEngine } from './engine.js';
import { LocalSync } from './local-sync.js';
import { htmlPageRoutes } from './routes.js';
import { CrawlStore } from './store.js';
import { syncRoutes } from './sync-routes.js';
import { HTML_PAGE_TABLES } from './tables.js';
import { WwwRag } from './www-rag.js';

export interface HtmlPageServices {
  crawler: Crawler;
  docs: DocSources;
  www: WwwRag;
  local: LocalSync;
}

declare module '../../core/area.js' {
  interface AreaApis {
    'html-pages': HtmlPageServices;
  }
}

export const htmlPagesArea = defineArea<HtmlPageServices>({
  name: 'html-pages',
  tables: HTML_PAGE_TABLES,
  uses: ['rag', 'workspaces'],
  create: (ctx) => {
    const rag = () => ctx.area('rag');
    const store = new CrawlStore(ctx.deps);
    const engine = new CrawlEngine(ctx, store, rag);
    const crawler = new Crawler(store, engine, rag);
    const www = new WwwRag(ctx, crawler, rag);
    engine.onFinished((crawl) => www.finished(crawl));
    return { crawler, docs: new DocSources(ctx.deps, crawler), www, local: new LocalSync(ctx.deps, rag) };
  },
  routes: (api, ctx) => [...htmlPageRoutes(api.crawler, api.docs, () => ctx.area('rag')), ...syncRoutes(api.www, api.local)],
  jobs: (api) => api.crawler.engine.jobs(),
});
