// What training data reads and writes outside its own table, over the public APIs of the rag and
// transcripts areas: RAG file text, a target's files, a transcript's messages, and a new RAG file
// that indexes like an upload (export-to-rag).
import type { RagFileServices } from '../rag-files/services.js';
import { bytesToBase64 } from '../rag-files/base64.js';
import { detectKind, mimeFor } from '../rag-files/parsing/parse.js';
import type { TranscriptStore } from '../transcripts/store.js';
import type { TrainingSources } from './store.js';

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
      const kind = detectKind(doc.filename, 'text/markdown');
      const row = await rag.files.insert(
        {
          workspaceId,
          targetId,
          title: doc.title,
          description: 'Exported from training data',
          originalName: doc.filename,
          fileType: kind ?? 'md',
          mimeType: mimeFor(kind, 'text/markdown'),
          sizeBytes: bytes.length,
          chunkingTool: target.chunking_tool as 'default',
          options: {},
          raw: bytesToBase64(bytes),
        },
        doc.actor,
      );
      await rag.pipeline.begin(row);
      return { fileId: row.id, status: 'pending' };
    },
  };
}
