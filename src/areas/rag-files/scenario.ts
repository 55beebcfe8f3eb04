// Loads a workspace's RAG content from a scenario (its `rag` field, validated by the scenario
// document's schema): targets, files placed straight into their state (pending, processing,
// completed, searchable, error), groups, ghost references and the lazy-count mode.
import type { WorkspaceHandle } from '../../core/handles.js';
import { SYSTEM, type RagTargetStore } from '../rag-targets/public.js';
import { base64ToBytes, bytesToBase64, canonicalBase64Size } from './base64.js';
import { detectKind, extensionOf, mimeFor } from './parsing/parse.js';
import type { RagPipeline } from './pipeline.js';
import type { RagFileStore } from './store.js';

export interface RagLoaderDeps {
  targets: RagTargetStore;
  files: RagFileStore;
  pipeline: RagPipeline;
}

type FileState = 'pending' | 'processing' | 'completed' | 'searchable' | 'error';

/** A scenario's RAG file (the fixture, if any, already read into `content`). */
export interface RagFileDoc {
  id?: string | undefined;
  title: string;
  description?: string | undefined;
  content?: string | undefined;
  contentBase64?: string | undefined;
  filename?: string | undefined;
  mimeType?: string | undefined;
  chunkingTool?: 'default' | 'chapter-aware' | 'openparse' | 'unstructured' | 'langextract' | undefined;
  sourceUrl?: string | undefined;
  state: FileState;
  error?: string | undefined;
}

/** A workspace's `rag` field: targets (their settings as the target store takes them) with files, groups, lazy counts. */
export interface RagDoc {
  targets: (Omit<Parameters<RagTargetStore['create']>[1], 'createdAt'> & { files: RagFileDoc[]; ghostFileIds: string[] })[];
  groups: { id?: string | undefined; name: string; targetIds: string[] }[];
  lazyCounts: boolean;
}

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'document';
}

/** A file's bytes as stored (base64) and their count. Canonical base64 is kept as given: decoding and encoding it again gives the same text. */
function storedBytes(fileDoc: RagFileDoc): { raw: string; sizeBytes: number } {
  if (fileDoc.contentBase64 !== undefined) {
    const size = canonicalBase64Size(fileDoc.contentBase64);
    if (size !== undefined) return { raw: fileDoc.contentBase64, sizeBytes: size };
  }
  const bytes = fileDoc.contentBase64 !== undefined ? base64ToBytes(fileDoc.contentBase64) : new TextEncoder().encode(fileDoc.content ?? '');
  return { raw: bytesToBase64(bytes), sizeBytes: bytes.length };
}

export async function loadRag(workspaceId: string, doc: RagDoc, deps: RagLoaderDeps, now: number): Promise<Pick<WorkspaceHandle, 'ragTargets' | 'ragGroups'>> {
  const out: Pick<WorkspaceHandle, 'ragTargets' | 'ragGroups'> = { ragTargets: [], ragGroups: [] };
  if (doc.lazyCounts) await deps.files.setLazyCounts(workspaceId, true);
  for (const targetDoc of doc.targets) {
    const { files, ghostFileIds, ...settings } = targetDoc;
    const target = await deps.targets.create(workspaceId, { ...settings, createdAt: now });
    const handle = { id: target.id, title: target.title, files: [] as { id: string; title: string; state: string }[] };
    for (const fileDoc of files) {
      const { raw, sizeBytes } = storedBytes(fileDoc);
      const filename = fileDoc.filename ?? `${slug(fileDoc.title)}.${fileDoc.contentBase64 !== undefined ? 'bin' : 'md'}`;
      const kind = detectKind(filename, fileDoc.mimeType ?? '');
      const row = await deps.files.insert(
        {
          ...(fileDoc.id !== undefined && { id: fileDoc.id }),
          workspaceId,
          targetId: target.id,
          title: fileDoc.title,
          description: fileDoc.description ?? '',
          originalName: filename,
          fileType: kind ?? (extensionOf(filename) || 'unknown'),
          mimeType: mimeFor(kind, fileDoc.mimeType ?? ''),
          sizeBytes,
          chunkingTool: fileDoc.chunkingTool ?? (target.chunking_tool as 'default'),
          options: {},
          ...(fileDoc.sourceUrl !== undefined && { sourceUrl: fileDoc.sourceUrl }),
          raw,
          createdAt: now,
        },
        SYSTEM,
        { backfill: true },
      );
      await deps.pipeline.placeInState(row, fileDoc.state, fileDoc.error);
      handle.files.push({ id: row.id, title: row.title, state: fileDoc.state });
    }
    for (const ghost of ghostFileIds) await deps.targets.link(target.id, ghost, now);
    out.ragTargets.push(handle);
  }
  for (const group of doc.groups) {
    const id = await deps.targets.createGroup(workspaceId, group);
    out.ragGroups.push({ id, name: group.name });
  }
  return out;
}
