// The terms area as a module of the list: terms-of-service documents, versions and acceptances, and
// their routes (attached to releases).
import { defineArea } from '../../core/area.js';
import { termsRoutes } from './routes.js';
import { loadTerms, type TermsDoc } from './scenario.js';
import { TermsService } from './service.js';
import { TermsStore } from './store.js';
import { TERMS_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    terms: TermsStore;
  }
}

export const termsArea = defineArea({
  name: 'terms',
  tables: TERMS_TABLES,
  uses: ['releases'],
  create: (ctx) => new TermsStore(ctx.deps),
  routes: (terms, ctx) => termsRoutes(terms, new TermsService(terms, ctx.area('releases'))),
  // Last of the built-in fields: terms refer to releases and users, and draw no ids when theirs are given.
  builtin: {
    step: 'terms',
    load: async (ws: { terms: TermsDoc[] }, { workspaceId, handle, now }, terms) => {
      if (ws.terms.length > 0) handle.terms = await loadTerms(workspaceId, ws.terms, terms, now);
    },
  },
});
