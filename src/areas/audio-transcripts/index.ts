// The audio-transcripts area: audio uploaded (presigned), fetched by URL or sent inline, transcribed
// on the emulator clock (deterministically: see src/audio/transcribe.ts), and indexed into RAG.
import { defineArea } from '../../core/area.js';
import { audioTranscriptRoutes } from './routes.js';
import { AudioTranscriptStore, JOB_STEP } from './store.js';
import { AUDIO_TRANSCRIPT_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    'audio-transcripts': AudioTranscriptStore;
  }
}

export const audioTranscriptsArea = defineArea<AudioTranscriptStore>({
  name: 'audio-transcripts',
  tables: AUDIO_TRANSCRIPT_TABLES,
  uses: ['rag'],
  create: (ctx) => new AudioTranscriptStore(ctx.deps, () => ctx.seed(), ctx.events),
  routes: (store, ctx) => audioTranscriptRoutes({ store, rag: ctx.area('rag'), outbound: ctx.outbound }),
  jobs: (store) => ({ [JOB_STEP]: (payload) => store.step(payload) }),
});
