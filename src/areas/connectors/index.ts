// The connectors area: data-source connectors feeding a RAG vector index; `web` and `http-json`
// sync for real through the service's outbound fetch (clock job `connectors.sync`).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineArea } from '../../core/area.js';
import { validationError } from '../../core/errors.js';
import { ConnectorConfigSchema, ConnectorKindSchema } from '../../types/integrations.js';
import { connectorRoutes } from './routes.js';
import { checkConfig } from './schema.js';
import { ConnectorStore } from './store.js';
import { ConnectorSync, JOB_SYNC } from './sync.js';
import { CONNECTOR_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    connectors: { store: ConnectorStore; sync: ConnectorSync };
  }
}

const ConnectorDocSchema = lazySchema(() => z
  .object({
    id: z.string().min(1).max(200).optional(),
    title: z.string().min(1).max(200),
    kind: ConnectorKindSchema,
    ragVectorId: z.string().min(1).max(200).optional(),
    config: ConnectorConfigSchema.default({}),
  })
  .strict());
const ConnectorSectionSchema = lazySchema(() => z.array(ConnectorDocSchema));
type ConnectorSection = z.infer<typeof ConnectorSectionSchema>;

export const connectorsArea = defineArea<{ store: ConnectorStore; sync: ConnectorSync }, ConnectorSection>({
  name: 'connectors',
  tables: CONNECTOR_TABLES,
  uses: ['rag'],
  create: (ctx) => {
    const store = new ConnectorStore(ctx.deps);
    return { store, sync: new ConnectorSync(store, () => ctx.area('rag'), ctx.outbound) };
  },
  routes: ({ store }, ctx) => connectorRoutes(store, () => ctx.area('rag'), ctx.scheduler),
  jobs: ({ sync }) => ({ [JOB_SYNC]: (payload) => sync.run(payload) }),
  scenario: {
    key: 'connectors',
    schema: ConnectorSectionSchema,
    load: async (section, { workspaceId }, { store }, ctx) => {
      const targets = ctx.area('rag').targets;
      for (const [index, doc] of section.entries()) {
        try {
          checkConfig(doc.kind, doc.config);
        } catch {
          throw validationError('Invalid scenario', [{ path: `connectors[${index}].config`, message: `A ${doc.kind} connector needs its URL(s)` }]);
        }
        const target = doc.ragVectorId !== undefined ? await targets.row(workspaceId, doc.ragVectorId) : (await targets.rows(workspaceId))[0];
        if (!target) throw validationError('Invalid scenario', [{ path: `connectors[${index}].ragVectorId`, message: 'Not a vector index of this workspace' }]);
        await store.create(workspaceId, { ...(doc.id !== undefined && { id: doc.id }), title: doc.title, kind: doc.kind, targetId: target.id, config: doc.config });
      }
    },
  },
});
