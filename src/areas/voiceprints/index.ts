// The voiceprints area: voices enrolled from WAV audio as feature vectors, and matching by similarity.
import { defineArea } from '../../core/area.js';
import { voiceprintRoutes } from './routes.js';
import { VoiceprintStore } from './store.js';
import { VOICEPRINT_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    voiceprints: VoiceprintStore;
  }
}

export const voiceprintsArea = defineArea<VoiceprintStore>({
  name: 'voiceprints',
  tables: VOICEPRINT_TABLES,
  uses: ['rag', 'audio-transcripts'],
  create: (ctx) => new VoiceprintStore(ctx.deps),
  routes: (store, ctx) => voiceprintRoutes({ store, rag: ctx.area('rag'), audio: ctx.area('audio-transcripts') }),
});
