// Which release an end user may use: shared by the end-user routes (terms gate and accept,
// feedback, chat) so every one of them answers the same way.
import type { EndUserPrincipal, Principal } from '../../core/route.js';
import { otherRelease, releaseNotFound, signInRequired } from './errors.js';
import type { ReleaseRecord, ReleaseStore } from './store.js';

/**
 * The release `releaseId` as the end user `principal` may use it: 404 when it does not exist or
 * belongs to another workspace than the caller's key or embed token, 403 when an embed token was
 * issued for another release, 401 when an anonymous session meets a release whose authMode is
 * `required`. Platform users (Bearer tokens of the platform) may use any release.
 */
export async function releaseForEndUser(releases: ReleaseStore, principal: Principal, releaseId: string): Promise<{ release: ReleaseRecord; user: EndUserPrincipal }> {
  if (principal.kind !== 'endUser') throw new Error('releaseForEndUser needs an endUser route');
  const release = await releases.get(releaseId, principal.workspaceId);
  if (!release) throw releaseNotFound();
  if (principal.releaseId !== undefined && principal.releaseId !== release.id) throw otherRelease();
  if (principal.via === 'anonymous' && release.authMode === 'required') throw signInRequired();
  return { release, user: principal };
}
