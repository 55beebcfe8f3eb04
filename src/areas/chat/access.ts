// Who may chat where: a release the caller's identity can reach (workspace, token binding, authMode),
// and threads that belong to the caller (another subject's thread does not exist for them).
import type { EndUserPrincipal, Principal } from '../../core/route.js';
import type { ReleaseRecord, ReleaseStore } from '../releases/public.js';
import { otherRelease, releaseArchived, releaseNotFound, signInRequired, threadNotFound } from './errors.js';
import type { ChatThreadStore, ThreadRecord } from './thread-store.js';

export function endUserOf(principal: Principal): EndUserPrincipal {
  if (principal.kind !== 'endUser') throw new Error('chat routes take end users: check the route auth');
  return principal;
}

export class ChatAccess {
  constructor(
    private readonly releases: ReleaseStore,
    private readonly threads: ChatThreadStore,
    private readonly now: () => number,
  ) {}

  /** A release the caller may chat with; anonymous callers only where authMode allows. */
  async release(principal: EndUserPrincipal, releaseId: string): Promise<ReleaseRecord> {
    const release = await this.releases.get(releaseId);
    if (!release) throw releaseNotFound();
    // A key or embed token belongs to one workspace: another workspace's release does not exist.
    if (principal.workspaceId !== undefined && principal.workspaceId !== release.workspaceId) throw releaseNotFound();
    if (principal.releaseId !== undefined && principal.releaseId !== release.id) throw otherRelease();
    if (release.status === 'archived') throw releaseArchived();
    if (principal.via === 'anonymous' && release.authMode === 'required') throw signInRequired();
    return release;
  }

  /** A live thread of the caller (`write`), or one they may read: their own, public, or shared in their workspace. */
  async thread(principal: EndUserPrincipal, threadId: string, mode: 'read' | 'write'): Promise<{ thread: ThreadRecord; release: ReleaseRecord }> {
    const thread = await this.threads.get(threadId);
    if (!thread || !this.visible(principal, thread, mode)) throw threadNotFound();
    const release = await this.release(principal, thread.releaseId);
    return { thread, release };
  }

  visible(principal: EndUserPrincipal, thread: ThreadRecord, mode: 'read' | 'write'): boolean {
    if (thread.kind === 'a2a' || thread.kind === 'landing') return false;
    if (thread.expiresAt !== null && thread.expiresAt <= this.now()) return false;
    if (thread.ownerSubject === principal.subject) return true;
    if (mode === 'write') return false;
    return thread.visibility === 'public' || (thread.visibility === 'shared' && principal.workspaceId === thread.workspaceId);
  }
}
