// The arena-presets area (command-line group `arena-preset`): its public entry and definition.
import { defineArea } from '../../core/area.js';
import { arenaPresetRoutes } from './routes.js';
import { ArenaPresetSectionSchema, loadArenaPresets, type ArenaPresetSection } from './scenario.js';
import { ArenaPresetStore } from './store.js';
import { ARENA_PRESET_TABLES } from './tables.js';

export { ArenaPresetStore } from './store.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'arena-presets': ArenaPresetStore;
  }
}

export const arenaPresetsArea = defineArea<ArenaPresetStore, ArenaPresetSection>({
  name: 'arena-presets',
  tables: ARENA_PRESET_TABLES,
  uses: ['releases'],
  create: (ctx) => new ArenaPresetStore(ctx.deps),
  routes: (store, ctx) => arenaPresetRoutes(store, async (workspaceId, releaseId) => (await ctx.area('releases').get(releaseId, workspaceId)) !== undefined),
  scenario: { key: 'arenaPresets', schema: ArenaPresetSectionSchema, load: (section, at, store) => loadArenaPresets(section, at.workspaceId, store) },
  onWorkspaceClone: (fromId, toId, store) => store.cloneWorkspace(fromId, toId),
});
