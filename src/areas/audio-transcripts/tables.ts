// Tables of the audio-transcripts area (portable SQL): one row per transcription, with its audio
// bytes (base64) so generate-rag can index the recording with its transcript.
import type { TableDef } from '../../storage/table-def.js';

export const AUDIO_TRANSCRIPT_TABLES: TableDef[] = [
  {
    name: 'audio_transcripts',
    ddl: `CREATE TABLE IF NOT EXISTS audio_transcripts (
      id TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      workspace_id TEXT NOT NULL,
      title TEXT NOT NULL,
      status TEXT NOT NULL,
      source_type TEXT NOT NULL,
      source_ref TEXT,
      filename TEXT NOT NULL,
      content_type TEXT NOT NULL,
      size_bytes BIGINT NOT NULL,
      data TEXT,
      fetch_error TEXT,
      language_hint TEXT,
      duration_ms BIGINT,
      format TEXT,
      language TEXT,
      text TEXT,
      segments TEXT,
      transcription_source TEXT,
      voice_id TEXT,
      error TEXT,
      rag_files TEXT NOT NULL DEFAULT '[]',
      run_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      completed_at BIGINT
    )`,
    indexes: ['CREATE INDEX IF NOT EXISTS audio_transcripts_workspace ON audio_transcripts (workspace_id, seq)'],
  },
];
