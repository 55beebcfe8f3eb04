// The external-tools area: HTTP tools a release may call, with a real test call through the
// service's outbound fetch.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineArea } from '../../core/area.js';
import { validationError } from '../../core/errors.js';
import { CreateExternalToolInputSchema } from '../../types/integrations.js';
import { externalToolRoutes } from './routes.js';
import { ExternalToolStore } from './store.js';
import { EXTERNAL_TOOL_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'external-tools': ExternalToolStore;
  }
}

const ToolSectionSchema = lazySchema(() => z.array(CreateExternalToolInputSchema.extend({ id: z.string().min(1).max(200).optional() })));
type ToolSection = z.infer<typeof ToolSectionSchema>;

export const externalToolsArea = defineArea<ExternalToolStore, ToolSection>({
  name: 'external-tools',
  tables: EXTERNAL_TOOL_TABLES,
  uses: ['releases'],
  create: (ctx) => new ExternalToolStore(ctx.deps, ctx.outbound),
  routes: (store, ctx) => externalToolRoutes(store, () => ctx.area('releases')),
  scenario: {
    key: 'externalTools',
    schema: ToolSectionSchema,
    load: async (section, { workspaceId }, store) => {
      for (const [index, tool] of section.entries()) {
        if (await store.nameTaken(workspaceId, tool.name)) throw validationError('Invalid scenario', [{ path: `externalTools[${index}].name`, message: 'Given twice' }]);
        await store.create(workspaceId, tool);
      }
    },
  },
});
