// Loads a workspace's terms of service from a scenario (its `terms` field, validated by the scenario
// document's schema): documents attached to releases, their published versions (and draft), and
// acceptances by platform users or anonymous sessions.
import type { TermsStore } from './store.js';

/** A scenario's terms document. */
export interface TermsDoc {
  id?: string | undefined;
  releaseId?: string | undefined;
  title: string;
  publishedVersion?: number | null | undefined;
  versions: { version: number; title?: string | undefined; content: string }[];
  acceptances: { version: number; userId?: string | undefined; anonymousSessionId?: string | undefined }[];
}

export interface TermsHandle {
  id: string;
  releaseId: string | null;
  publishedVersion: number | null;
}

/**
 * Inserts each document; the draft is the highest version listed (the published one when nothing
 * follows it). Acceptance subjects: `user:ID` for `userId`, `anon:SESSION` for `anonymousSessionId`,
 * as the end-user routes count them.
 */
export async function loadTerms(workspaceId: string, docs: TermsDoc[], terms: TermsStore, now: number): Promise<TermsHandle[]> {
  const handles: TermsHandle[] = [];
  for (const doc of docs) {
    const versions = [...doc.versions].sort((a, b) => a.version - b.version);
    const published = doc.publishedVersion === undefined ? (versions.at(-1)?.version ?? null) : doc.publishedVersion;
    const draft = versions.at(-1);
    const id = await terms.insert(workspaceId, {
      ...(doc.id !== undefined && { id: doc.id }),
      ...(doc.releaseId !== undefined && { releaseId: doc.releaseId }),
      title: draft?.title ?? doc.title,
      content: draft?.content ?? '',
    });
    for (const version of versions) {
      if (published === null || version.version > published) continue;
      await terms.addVersion(id, { version: version.version, title: version.title ?? doc.title, content: version.content, publishedAt: now });
    }
    for (const acceptance of doc.acceptances) {
      const subject = acceptance.userId !== undefined ? `user:${acceptance.userId}` : `anon:${acceptance.anonymousSessionId as string}`;
      await terms.accept(id, acceptance.version, subject, now);
    }
    handles.push({ id, releaseId: doc.releaseId ?? null, publishedVersion: published });
  }
  return handles;
}
