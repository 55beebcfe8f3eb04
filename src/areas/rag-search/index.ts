// The rag-search area as a module of the list: vector, full-text and hybrid search over the rag
// area's files, through the world's vector indexes and the rag area's text index.
import { defineArea } from '../../core/area.js';
import { ragSearchRoutes } from './routes.js';
import { RagSearchStore } from './store.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'rag-search': RagSearchStore;
  }
}

export const ragSearchArea = defineArea({
  name: 'rag-search',
  uses: ['rag'],
  create: (ctx) => {
    const rag = ctx.area('rag');
    return new RagSearchStore(ctx.deps, rag.files, ctx.vectorIndexes, rag.textIndex);
  },
  routes: (search, ctx) => {
    const rag = ctx.area('rag');
    return ragSearchRoutes(search, rag.targets, rag.files);
  },
});
