// The rag-tools area as a module of the list: the RAG command-line tools over the rag area's
// stores (no tables of its own: the workspace defaults live with the targets).
import { defineArea } from '../../core/area.js';
import { RagMaintenance } from './maintenance.js';
import { RagRetrievalTools } from './retrieval-tools.js';
import { ragToolRoutes } from './routes.js';

export interface RagToolsApi {
  maintenance: RagMaintenance;
  retrieval: RagRetrievalTools;
}

declare module '../../core/area.js' {
  interface AreaApis {
    'rag-tools': RagToolsApi;
  }
}

export const ragToolsArea = defineArea({
  name: 'rag-tools',
  uses: ['rag-targets', 'rag', 'rag-search', 'chat'],
  create: (ctx): RagToolsApi => {
    const rag = ctx.area('rag');
    return { maintenance: new RagMaintenance(rag), retrieval: new RagRetrievalTools(rag, () => ctx.area('rag-search'), () => ctx.seed()) };
  },
  routes: (api, ctx) => ragToolRoutes({ rag: ctx.area('rag'), config: ctx.area('rag-targets').config, ...api }),
});
