// The transcripts area as a module of the list: transcripts and their messages, and their routes.
// `transcript_pages` is a derived page index, rebuilt when missing, so state exports leave it out.
import { defineArea } from '../../core/area.js';
import { transcriptRoutes } from './routes.js';
import { loadTranscripts, type TranscriptDoc } from './scenario.js';
import { TranscriptStore } from './store.js';
import { TRANSCRIPTS_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    transcripts: TranscriptStore;
  }
}

export const transcriptsArea = defineArea({
  name: 'transcripts',
  tables: TRANSCRIPTS_TABLES,
  unexported: ['transcript_pages'],
  create: (ctx) => new TranscriptStore(ctx.deps),
  routes: (store) => transcriptRoutes(store),
  builtin: { step: 'workspace', load: (ws: { transcripts: TranscriptDoc[] }, at, store) => loadTranscripts(ws.transcripts, at, store) },
});
