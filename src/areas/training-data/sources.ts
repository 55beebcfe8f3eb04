// What training data reads and writes outside its own table, over the public APIs of the rag and
// transcripts areas: RAG file text, a target's files, a transcript's messages, and a new RAG file
// that indexes like an upload (export-to-rag). Only their stores' public methods are used.
import type { RagFileServices } from '../rag-files/public.js';
import type { TranscriptStore } from '../transcripts/public.js';
import type { TrainingSources } from './store.js';

/** Base64 of the document's bytes, as RAG files store them (chunked: no argument-count limit). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Transcript messages read for training: enough for any conversation a scenario or client stores. */
const MAX_TRANSCRIPT_MESSAGES = 10_000;

export function trainingSources(rag: RagFileServices, transcripts: TranscriptStore): TrainingSources {
  return {
    async ragFile(workspaceId, fileId) {
      const row = await rag.files.row(workspaceId, fileId);
      if (!row) return undefined;
      return {
        id: row.id,
        title: row.title,
        text: async () => {
          if (typeof row.text === 'string' && row.text) return row.text;
          try {
            return await rag.pipeline.readText(row);
          } catch {
            return undefined;
          }
        },
      };
    },
    async ragFilesOf(workspaceId, targetId) {
      if (!(await rag.targets.row(workspaceId, targetId))) return undefined;
      return (await rag.files.filesOfTarget(targetId)).map((f) => ({ id: f.id, title: f.title }));
    },
    async transcript(workspaceId, transcriptId) {
      const summary = await transcripts.summary(workspaceId, transcriptId);
      if (!summary) return undefined;
      const messages = await transcripts.messages(transcriptId, MAX_TRANSCRIPT_MESSAGES, 0);
      return {
        id: transcriptId,
        title: typeof summary.title === 'string' ? summary.title : transcriptId,
        messages: messages.map((m) => ({ role: m.role, content: typeof m.content === 'string' ? m.content : '' })),
      };
    },
    async addRagDocument(workspaceId, targetId, doc) {
      const target = await rag.targets.row(workspaceId, targetId);
      if (!target) return undefined;
      const bytes = new TextEncoder().encode(doc.text);
      const row = await rag.files.insert(
        {
          workspaceId,
          targetId,
          title: doc.title,
          description: 'Exported from training data',
          originalName: doc.filename,
          // The kind and media type an uploaded .md file gets (rag-files/parsing/parse.ts).
          fileType: 'markdown',
          mimeType: 'text/markdown',
          sizeBytes: bytes.length,
          chunkingTool: target.chunking_tool as 'default',
          options: {},
          raw: base64Of(bytes),
        },
        doc.actor,
      );
      await rag.pipeline.begin(row);
      return { fileId: row.id, status: 'pending' };
    },
  };
}
