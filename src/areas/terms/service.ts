// The rules of terms of service: drafts attached to one release each, publish bumps the version,
// the gate an end user sees, and accepting exactly the current version.
import { validationError } from '../../core/errors.js';
import type { Principal } from '../../core/route.js';
import { toIso } from '../../core/services.js';
import { releaseForEndUser } from '../releases/public.js';
import type { ReleaseStore } from '../releases/public.js';
import { releaseHasTerms, staleTermsVersion, termsNotFound } from './errors.js';
import type { AcceptTermsInput, CreateTermsInput, UpdateTermsInput } from './schema.js';
import { termsOut, type TermsGate, type TermsRecord, type TermsStore } from './store.js';

export class TermsService {
  constructor(private readonly terms: TermsStore, private readonly releases: ReleaseStore) {}

  async answer(terms: TermsRecord) {
    return termsOut(terms, await this.terms.versions(terms.id));
  }

  async get(workspaceId: string, tosId: string): Promise<TermsRecord> {
    const terms = await this.terms.get(tosId, workspaceId);
    if (!terms) throw termsNotFound();
    return terms;
  }

  /** A release of the workspace that has no other terms document yet. */
  private async checkRelease(workspaceId: string, releaseId: string, tosId?: string): Promise<void> {
    if (!(await this.releases.get(releaseId, workspaceId))) {
      throw validationError('Invalid body', [{ path: 'body.releaseId', message: `No release "${releaseId}" in this workspace` }]);
    }
    const existing = await this.terms.forRelease(releaseId);
    if (existing && existing.id !== tosId) throw releaseHasTerms(releaseId, existing.id);
  }

  async create(workspaceId: string, input: CreateTermsInput, createdBy?: string): Promise<TermsRecord> {
    if (input.releaseId !== undefined) await this.checkRelease(workspaceId, input.releaseId);
    const id = await this.terms.insert(workspaceId, {
      title: input.title,
      ...(input.content !== undefined && { content: input.content }),
      ...(input.releaseId !== undefined && { releaseId: input.releaseId }),
      ...(createdBy !== undefined && { createdBy }),
    });
    return this.get(workspaceId, id);
  }

  async update(workspaceId: string, tosId: string, patch: UpdateTermsInput): Promise<TermsRecord> {
    await this.get(workspaceId, tosId);
    if (typeof patch.releaseId === 'string') await this.checkRelease(workspaceId, patch.releaseId, tosId);
    await this.terms.update(tosId, patch);
    return this.get(workspaceId, tosId);
  }

  /** The draft becomes the next version: 1 on the first publish, then +1 each time. */
  async publish(workspaceId: string, tosId: string): Promise<TermsRecord> {
    await this.get(workspaceId, tosId);
    await this.terms.publish(tosId);
    return this.get(workspaceId, tosId);
  }

  /** The gate of a release for the calling end user. */
  async gateFor(principal: Principal, releaseId: string): Promise<TermsGate> {
    const { release, user } = await releaseForEndUser(this.releases, principal, releaseId);
    return this.terms.gate(release.id, user.subject);
  }

  /**
   * Records the caller's acceptance of the current version: 404 for unknown terms (or another
   * workspace's), 409 for any other version, 400 when the body names another anonymous session or
   * another release than the terms belong to.
   */
  async accept(principal: Principal, input: AcceptTermsInput) {
    if (principal.kind !== 'endUser') throw new Error('accept needs an endUser route');
    if (principal.via === 'anonymous' && input.anonymousSessionId !== undefined && input.anonymousSessionId !== principal.anonymousSessionId) {
      throw validationError('Invalid body', [{ path: 'body.anonymousSessionId', message: 'Does not match the x-anonymous-session-id header' }]);
    }
    const terms = await this.terms.get(input.tosId, principal.workspaceId);
    if (!terms) throw termsNotFound();
    if (input.releaseId !== undefined && input.releaseId !== terms.releaseId) {
      throw validationError('Invalid body', [{ path: 'body.releaseId', message: 'These terms belong to another release' }]);
    }
    if (terms.releaseId !== null) await releaseForEndUser(this.releases, principal, terms.releaseId);
    if (terms.publishedVersion !== input.version) throw staleTermsVersion(terms.id, input.version, terms.publishedVersion);
    const acceptedAt = await this.terms.accept(terms.id, input.version, principal.subject);
    return { accepted: true as const, tosId: terms.id, version: input.version, releaseId: terms.releaseId, acceptedAt: toIso(acceptedAt) };
  }
}
