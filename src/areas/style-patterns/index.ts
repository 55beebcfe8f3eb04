// The style-patterns area (command-line group `style-pattern`): its public entry and definition.
import { defineArea } from '../../core/area.js';
import { stylePatternRoutes } from './routes.js';
import { StylePatternSectionSchema, loadStylePatterns, type StylePatternSection } from './scenario.js';
import { StylePatternStore } from './store.js';
import { STYLE_PATTERN_TABLES } from './tables.js';

export { StylePatternStore } from './store.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'style-patterns': StylePatternStore;
  }
}

export const stylePatternsArea = defineArea<StylePatternStore, StylePatternSection>({
  name: 'style-patterns',
  tables: STYLE_PATTERN_TABLES,
  uses: ['releases'],
  create: (ctx) => new StylePatternStore(ctx.deps),
  routes: (store, ctx) => stylePatternRoutes(store, async (workspaceId, releaseId) => (await ctx.area('releases').get(releaseId, workspaceId)) !== undefined),
  scenario: { key: 'stylePatterns', schema: StylePatternSectionSchema, load: (section, at, store) => loadStylePatterns(section, at.workspaceId, store) },
  onWorkspaceClone: (fromId, toId, store) => store.cloneWorkspace(fromId, toId),
});
