// The rules of release management: create (optionally from another release), merge updates,
// publish, clone into a workspace, derive a theme, and the workspace's `maxReleases` limit.
import type { z } from 'zod';
import { forbidden, notFound, validationError } from '../../core/errors.js';
import type { Principal, Role } from '../../core/route.js';
import { zodIssues } from '../../core/validation.js';
import { invalidRelease, releaseArchived, releaseLimitReached, releaseNotFound, workspaceMismatch } from './errors.js';
import {
  ReleaseConfigInputSchema,
  ThemeInputSchema,
  type CloneReleaseInput,
  type CreateReleaseInput,
  type DeriveThemeInput,
  type UpdateReleaseInput,
} from './schema.js';
import type { ReleaseInput, ReleaseRecord, ReleaseStore } from './store.js';
import { siteUrl, themeFromText, themeFromUrl } from './theme.js';
import { applyChatRefs, type ChatRefDeps } from './chat-refs.js';
import { fromWire, mergeDoc } from './wire-input.js';

export interface ReleaseServiceDeps {
  releases: ReleaseStore;
  /** The workspace's effective `maxReleases` (its own or the default); undefined when it does not exist. */
  maxReleases(workspaceId: string): Promise<number | undefined>;
  /** A user's role in a workspace, undefined when not a member (clone checks its target). */
  role(workspaceId: string, userId: string): Promise<Role | undefined>;
  /** Checks a write's chat-resource references and answers the config they set (chat-refs.ts). */
  chatRefs?: ChatRefDeps;
}

const WRITE_ROLES: Role[] = ['editor', 'admin', 'owner'];
const CTA_TOKEN = 'constantContactAccessToken';

type Json = Record<string, unknown>;

/** Shallow merge where a null value removes the key. */
function mergeObject(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** Who made a release: the member, or the API key. */
function creatorOf(principal: Principal): string | undefined {
  if (principal.kind === 'user') return principal.userId;
  if (principal.kind === 'apiKey') return principal.keyId;
  return undefined;
}

function checked<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRelease(zodIssues(result.error).map((i) => ({ ...i, path: i.path ? `${path}.${i.path}` : path })));
  return result.data;
}

/**
 * The CTA's write-only token: omitted on update keeps the stored one, an empty string clears it
 * (spec section 2, chat CTA table).
 */
function keepCtaToken(before: Json, after: Json): Json {
  const old = before.chatCTA as Json | undefined;
  const next = after.chatCTA as Json | undefined;
  if (!next) return after;
  const cta = { ...next };
  if (!(CTA_TOKEN in cta) && old && typeof old[CTA_TOKEN] === 'string') cta[CTA_TOKEN] = old[CTA_TOKEN];
  if (cta[CTA_TOKEN] === '') delete cta[CTA_TOKEN];
  return { ...after, chatCTA: cta };
}

export class ReleaseService {
  constructor(private readonly deps: ReleaseServiceDeps) {}

  async get(workspaceId: string, releaseId: string): Promise<ReleaseRecord> {
    const release = await this.deps.releases.get(releaseId, workspaceId);
    if (!release) throw releaseNotFound();
    return release;
  }

  private async checkLimit(workspaceId: string): Promise<void> {
    const max = await this.deps.maxReleases(workspaceId);
    if (max === undefined) throw notFound('Workspace');
    const current = await this.deps.releases.count(workspaceId);
    if (current >= max) throw releaseLimitReached(max, current);
  }

  /** A new draft release; `from` copies another release's settings, which the body then overrides. */
  async create(principal: Principal, workspaceId: string, input: CreateReleaseInput): Promise<ReleaseRecord> {
    if (input.workspaceId !== undefined && input.workspaceId !== workspaceId) throw workspaceMismatch('body.workspaceId');
    const source = input.from === undefined ? undefined : await this.deps.releases.get(input.from, workspaceId);
    if (input.from !== undefined && !source) {
      throw validationError('Invalid body', [{ path: 'body.from', message: `No release "${input.from}" in this workspace` }]);
    }
    const wire = fromWire(input, input.authMode ?? source?.authMode ?? 'optional');
    if (this.deps.chatRefs) Object.assign(wire.config, await applyChatRefs(this.deps.chatRefs, workspaceId, wire.doc));
    const config = { ...(source?.config ?? {}), ...(input.config ?? {}), ...wire.config };
    if (Object.keys(wire.config).length > 0) checked(ReleaseConfigInputSchema, config, 'body.config');
    const { deprecatedAt: _gone, ...sourceDoc } = source?.doc ?? {};
    const doc = mergeDoc(sourceDoc, wire);
    await this.checkLimit(workspaceId);
    const theme = input.theme ?? source?.theme;
    const fallbackAssistants = input.fallbackAssistants ?? source?.fallbackAssistants;
    const mcpConfig = input.mcpConfig ?? source?.mcpConfig;
    const createdBy = creatorOf(principal);
    const id = await this.deps.releases.insert(workspaceId, {
      name: (input.name ?? wire.name) as string,
      status: 'draft',
      authMode: input.authMode ?? wire.authMode ?? source?.authMode ?? 'optional',
      config,
      ...(Object.keys(doc).length > 0 && { doc }),
      ...(theme !== undefined && { theme }),
      allowedOrigins: input.allowedOrigins ?? source?.allowedOrigins ?? [],
      ...(fallbackAssistants !== undefined && { fallbackAssistants }),
      ...(mcpConfig !== undefined && { mcpConfig }),
      ...(createdBy !== undefined && { createdBy }),
    });
    return this.get(workspaceId, id);
  }

  async update(workspaceId: string, releaseId: string, patch: UpdateReleaseInput): Promise<ReleaseRecord> {
    const current = await this.get(workspaceId, releaseId);
    if (patch._id !== undefined && patch._id !== releaseId) {
      throw validationError('Invalid body', [{ path: 'body._id', message: 'Not the id of the release in the path' }]);
    }
    const wire = fromWire(patch, current.authMode);
    if (this.deps.chatRefs) Object.assign(wire.config, await applyChatRefs(this.deps.chatRefs, workspaceId, wire.doc));
    const next: ReleaseRecord = { ...current, doc: mergeDoc(current.doc, wire) };
    const name = patch.name ?? wire.name;
    const authMode = patch.authMode ?? wire.authMode;
    if (name !== undefined) next.name = name;
    if (patch.status !== undefined) next.status = patch.status;
    // Back to draft is how a deprecated release comes back into the listings.
    if (patch.status === 'draft' && next.doc) delete next.doc.deprecatedAt;
    if (authMode !== undefined) next.authMode = authMode;
    if (patch.allowedOrigins !== undefined) next.allowedOrigins = patch.allowedOrigins;
    const configPatch = patch.config === undefined && Object.keys(wire.config).length === 0 ? undefined : { ...(patch.config ?? {}), ...wire.config };
    if (configPatch !== undefined) {
      const merged = keepCtaToken(current.config, mergeObject(current.config, configPatch));
      next.config = checked(ReleaseConfigInputSchema, merged, 'body.config');
    }
    if (patch.theme === null) delete next.theme;
    else if (patch.theme !== undefined) next.theme = checked(ThemeInputSchema, mergeObject(current.theme ?? {}, patch.theme), 'body.theme');
    if (patch.fallbackAssistants === null) delete next.fallbackAssistants;
    else if (patch.fallbackAssistants !== undefined) next.fallbackAssistants = patch.fallbackAssistants;
    if (patch.mcpConfig === null) delete next.mcpConfig;
    else if (patch.mcpConfig !== undefined) next.mcpConfig = patch.mcpConfig;
    return this.deps.releases.save(next);
  }

  /** draft (or active again) → active; an archived release answers 409. */
  async publish(workspaceId: string, releaseId: string): Promise<ReleaseRecord> {
    const current = await this.get(workspaceId, releaseId);
    if (current.status === 'archived') throw releaseArchived(releaseId);
    return this.deps.releases.save({ ...current, status: 'active' });
  }

  /**
   * Withdraws a release (REAL-WIRE section 2, demo-pipeline `withdraw.js`): it becomes archived,
   * leaves every listing and the public bootstrap, and its record stays readable by id with
   * `deprecatedAt`. Deprecating again changes nothing; PATCH `status: "draft"` brings it back.
   */
  async deprecate(workspaceId: string, releaseId: string): Promise<ReleaseRecord> {
    const current = await this.get(workspaceId, releaseId);
    if (current.doc?.deprecatedAt !== undefined) return current;
    return this.deps.releases.deprecate(current);
  }

  async delete(workspaceId: string, releaseId: string): Promise<void> {
    if (!(await this.deps.releases.delete(releaseId, workspaceId))) throw releaseNotFound();
  }

  /**
   * A draft copy in `toWorkspaceId` (this workspace or another the caller may write to). RAG
   * collection ids go through `ragIdMap`; across workspaces unmapped ids and `byokId` are dropped,
   * since they name resources of the source workspace.
   */
  async clone(principal: Principal, workspaceId: string, releaseId: string, input: CloneReleaseInput): Promise<ReleaseRecord> {
    const source = await this.get(workspaceId, releaseId);
    const target = input.toWorkspaceId;
    if (principal.kind === 'apiKey' && target !== principal.workspaceId) throw notFound('Workspace');
    if (principal.kind === 'user' && target !== workspaceId) {
      const role = await this.deps.role(target, principal.userId);
      if (!role) throw notFound('Workspace');
      if (!WRITE_ROLES.includes(role)) throw forbidden(`Your role (${role}) cannot change workspace ${target}`);
    }
    await this.checkLimit(target);
    const across = target !== workspaceId;
    const map = input.ragIdMap ?? {};
    const config: Json = { ...source.config };
    if (Array.isArray(source.config.ragCollectionIds)) {
      const ids = (source.config.ragCollectionIds as string[]).flatMap((id) => (map[id] !== undefined ? [map[id]] : across ? [] : [id]));
      config.ragCollectionIds = ids;
    }
    if (across) delete config.byokId;
    const createdBy = creatorOf(principal);
    const copy: ReleaseInput = {
      name: input.name ?? `${source.name} (copy)`,
      status: 'draft',
      authMode: source.authMode,
      config,
      ...(source.theme !== undefined && { theme: source.theme }),
      allowedOrigins: source.allowedOrigins,
      ...(source.fallbackAssistants !== undefined && { fallbackAssistants: source.fallbackAssistants }),
      ...(source.mcpConfig !== undefined && { mcpConfig: source.mcpConfig }),
      ...(createdBy !== undefined && { createdBy }),
    };
    const { deprecatedAt: _gone, ...doc } = source.doc ?? {};
    if (Object.keys(doc).length > 0) copy.doc = doc;
    const id = await this.deps.releases.insert(target, copy);
    return this.get(target, id);
  }

  /**
   * A theme from a site address (hashed from its host name; never fetched) or from another release
   * of the workspace (its theme, or one hashed from its id when it has none). Stored on the release
   * unless `apply` is false.
   */
  async deriveTheme(workspaceId: string, releaseId: string, input: DeriveThemeInput): Promise<Json> {
    const release = await this.get(workspaceId, releaseId);
    const url = siteUrl(input.from);
    let theme: Json;
    if (url) theme = themeFromUrl(url);
    else {
      const other = await this.deps.releases.get(input.from, workspaceId);
      if (!other) {
        throw validationError('Invalid body', [{ path: 'body.from', message: 'Neither an http(s) address nor a release of this workspace' }]);
      }
      theme = other.theme ?? themeFromText(other.id);
    }
    if (input.apply) await this.deps.releases.save({ ...release, theme });
    return theme;
  }
}
