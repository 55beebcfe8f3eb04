// Loads a validated scenario's skeleton into an empty world: users, workspaces and their members
// (each workspace's keys, releases and transcripts through their areas as it is written), the users'
// tokens (ids and secrets from the seed), and the handles that describe the result. The other
// built-in workspace fields load next through their areas (core/area.ts `builtin`), then generated content.
import type { UserStore } from '../areas/users/store.js';
import type { WorkspaceStore } from '../areas/workspaces/store.js';
import type { Clock } from '../clock/clock.js';
import type { Storage } from '../storage/storage.js';
import type { IdFactory } from '../seed/ids.js';
import type { TokenSigner } from '../security/jwt.js';
import type { Scenario } from './schema.js';
import type { Handles, WorkspaceHandle } from './handles.js';

export const DEFAULT_USER_TOKEN_SEC = 3600;

/** The area APIs the top-level content loads through (the world takes them from its mounted areas). */
export interface LoaderStores {
  users: UserStore;
  workspaces: WorkspaceStore;
}

export interface LoaderDeps extends LoaderStores {
  clock: Clock;
  ids: IdFactory;
  signer: TokenSigner;
  /** For bulk writes of generated content (`generate`). */
  storage: Storage;
}

function slugify(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63);
  return slug || 'workspace';
}

function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 58)}-${n}`;
  taken.add(slug);
  return slug;
}

/**
 * `onWorkspace` loads a workspace's fields that the areas own at the `workspace` step (keys,
 * releases, transcripts), right after its row and members.
 */
export async function loadScenario(doc: Scenario, deps: LoaderDeps, onWorkspace: (ws: Scenario['workspaces'][number], handle: WorkspaceHandle) => Promise<void>): Promise<Handles> {
  const now = deps.clock.now();
  const handles: Handles = { scenario: doc.name, seed: doc.seed, now: new Date(now).toISOString(), workspaces: [], users: [] };

  const userIds: string[] = [];
  for (const user of doc.users) {
    const id = user.id ?? deps.ids.objectId();
    userIds.push(id);
    await deps.users.insert({
      id,
      ...(user.email !== undefined && { email: user.email }),
      ...(user.name !== undefined && { name: user.name }),
      ...(user.nickname !== undefined && { nickname: user.nickname }),
      ...(user.picture !== undefined && { picture: user.picture }),
      emailVerified: user.emailVerified ?? true,
      ...(user.platformAdmin !== undefined && { platformAdmin: user.platformAdmin }),
      metadata: user.metadata ?? {},
      createdAt: now,
    });
  }

  const slugs = new Set(doc.workspaces.map((w) => w.slug).filter((s): s is string => Boolean(s)));
  for (const ws of doc.workspaces) {
    const id = ws.id ?? deps.ids.objectId();
    const slug = ws.slug ?? uniqueSlug(slugify(ws.name), slugs);
    await deps.workspaces.insert({
      id,
      name: ws.name,
      slug,
      ...(ws.description !== undefined && { description: ws.description }),
      ownerId: ws.ownerId,
      settings: ws.settings,
      limits: ws.limits,
      embedTiers: ws.embedTiers,
      metadata: {},
      createdAt: now,
      updatedAt: now,
    });
    await deps.workspaces.insertMember({ workspaceId: id, userId: ws.ownerId, role: 'owner', permissions: [], joinedAt: now });
    for (const member of ws.members) {
      if (member.userId === ws.ownerId) continue;
      await deps.workspaces.insertMember({ workspaceId: id, userId: member.userId, role: member.role, permissions: member.permissions, joinedAt: now });
    }

    const handle: WorkspaceHandle = { id, slug, name: ws.name, apiKeys: [], transcripts: [], releases: [], ragTargets: [], ragGroups: [] };
    // Its keys, releases and transcripts, through their areas, before the next workspace.
    await onWorkspace(ws, handle);
    handles.workspaces.push(handle);
  }

  for (const [index, user] of doc.users.entries()) {
    const id = userIds[index] as string;
    const lifetime = user.tokenExpiresInSec ?? DEFAULT_USER_TOKEN_SEC;
    const { token, expiresAt } = await deps.signer.sign({ sub: id, use: 'access' }, lifetime, deps.ids.objectId());
    handles.users.push({ id, ...(user.email !== undefined && { email: user.email }), accessToken: token, expiresAt: new Date(expiresAt).toISOString() });
  }
  return handles;
}

/** Generated content (`generate`) draws from its own seeded stream and loads after the built-in fields; faker loads only when asked. */
export async function loadGenerated(doc: Scenario, handles: Handles, deps: Pick<LoaderDeps, 'clock' | 'storage'>): Promise<void> {
  const now = deps.clock.now();
  for (const [index, ws] of doc.workspaces.entries()) {
    if (!ws.generate) continue;
    const { generateTranscripts, insertGeneratedTranscripts } = await import('./generate.js');
    const workspaceId = (handles.workspaces[index] as WorkspaceHandle).id;
    const generated = await generateTranscripts(ws.generate.transcripts, doc.seed, `generate:${workspaceId}:transcripts`, now);
    await insertGeneratedTranscripts(deps.storage, workspaceId, generated);
  }
}
