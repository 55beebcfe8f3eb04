// Loads a workspace's RAG content from a scenario: targets, files placed straight into their
// state (pending, processing, completed, searchable, error), groups, ghost references and the
// lazy-count mode.
import type { RagPipeline } from '../areas/rag-files/pipeline.js';
import { base64ToBytes } from '../areas/rag-files/base64.js';
import { detectKind, extensionOf, mimeFor } from '../areas/rag-files/parsing/parse.js';
import type { RagFileStore } from '../areas/rag-files/store.js';
import { SYSTEM } from '../areas/rag-targets/events.js';
import type { RagTargetStore } from '../areas/rag-targets/store.js';
import { bytesToBase64 } from '../areas/rag-files/base64.js';
import type { WorkspaceHandle } from './handles.js';
import type { Scenario } from './schema.js';

export interface RagLoaderDeps {
  targets: RagTargetStore;
  files: RagFileStore;
  pipeline: RagPipeline;
}

type RagDoc = Scenario['workspaces'][number]['rag'];

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'document';
}

export async function loadRag(workspaceId: string, doc: RagDoc, deps: RagLoaderDeps, now: number): Promise<Pick<WorkspaceHandle, 'ragTargets' | 'ragGroups'>> {
  const out: Pick<WorkspaceHandle, 'ragTargets' | 'ragGroups'> = { ragTargets: [], ragGroups: [] };
  if (doc.lazyCounts) await deps.files.setLazyCounts(workspaceId, true);
  for (const targetDoc of doc.targets) {
    const { files, ghostFileIds, ...settings } = targetDoc;
    const target = await deps.targets.create(workspaceId, { ...settings, createdAt: now });
    const handle = { id: target.id, title: target.title, files: [] as { id: string; title: string; state: string }[] };
    for (const fileDoc of files) {
      const bytes = fileDoc.contentBase64 !== undefined ? base64ToBytes(fileDoc.contentBase64) : new TextEncoder().encode(fileDoc.content ?? '');
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
          sizeBytes: bytes.length,
          chunkingTool: fileDoc.chunkingTool ?? (target.chunking_tool as 'default'),
          options: {},
          ...(fileDoc.sourceUrl !== undefined && { sourceUrl: fileDoc.sourceUrl }),
          raw: bytesToBase64(bytes),
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
