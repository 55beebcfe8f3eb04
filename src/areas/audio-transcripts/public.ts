// The audio-transcripts area's public entry: what other areas may import from it.
export type { AudioTranscriptStore } from './store.js';
