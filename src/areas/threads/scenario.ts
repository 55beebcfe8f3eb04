// The threads scenario section (`workspaces[].threads`): chat threads with their messages (one may
// start archived, shared, annotated) and thread prefixes with their version history and a draft.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { loadTokenizer, type ChatThreadStore } from '../chat/public.js';
import type { ReleaseStore } from '../releases/public.js';
import type { ThreadPrefixStore } from './prefix-store.js';
import { PrefixLinesSchema } from './schema.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

const ChatDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    releaseId: Id,
    /** The owner's own id: a user id (`kind: user`) or an anonymous session id (`kind: anonymous`). */
    ownerId: Id,
    kind: z.enum(['user', 'anonymous']).default('user'),
    title: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    visibility: z.enum(['private', 'shared', 'public']).default('private'),
    archived: z.boolean().default(false),
    metadata: z.record(z.string(), z.unknown()).default({}),
    messages: z.array(z.strictObject({ role: z.enum(['user', 'assistant', 'system']), content: z.string().check(z.minLength(1), z.maxLength(100_000)) })).default([]),
  }));

const PrefixDocSchema = lazySchema(() => z
  .strictObject({
    id: Id.optional(),
    title: z.string().check(z.minLength(1), z.maxLength(200)).optional(),
    /** Published versions, oldest first: the last one is current (version = their count). */
    versions: z.array(PrefixLinesSchema).min(1).max(100),
    /** A pending draft (unpublished lines); the current version's lines when absent. */
    draft: PrefixLinesSchema.optional(),
  }));

export const ThreadsSectionSchema = lazySchema(() => z
  .strictObject({
    chats: z.array(ChatDocSchema).default([]),
    prefixes: z.array(PrefixDocSchema).default([]),
  }));
export type ThreadsSection = z.infer<typeof ThreadsSectionSchema>;

export interface ThreadsHandle {
  chats: string[];
  prefixes: { id: string; version: number }[];
}

export async function loadThreads(
  workspaceId: string,
  section: ThreadsSection,
  deps: { threads: ChatThreadStore; prefixes: ThreadPrefixStore; releases: ReleaseStore; ownerId: string },
): Promise<ThreadsHandle> {
  const out: ThreadsHandle = { chats: [], prefixes: [] };
  const tokenizer = await loadTokenizer();
  for (const [index, doc] of section.chats.entries()) {
    const release = await deps.releases.get(doc.releaseId, workspaceId);
    if (!release) throw validationError('Invalid scenario', [{ path: `threads.chats[${index}].releaseId`, message: 'Not a release of this workspace' }]);
    const thread = await deps.threads.create({
      ...(doc.id !== undefined && { id: doc.id }),
      workspaceId,
      releaseId: release.id,
      ownerSubject: `${doc.kind === 'user' ? 'user' : 'anon'}:${doc.ownerId}`,
      ownerId: doc.ownerId,
      kind: doc.kind,
      title: doc.title,
      transcriptTitle: doc.title ?? `Chat with ${release.name}`,
      visibility: doc.visibility,
      metadata: doc.metadata,
    });
    for (const message of doc.messages) {
      await deps.threads.append(thread, { role: message.role, content: message.content, contentType: 'text', tokenCount: tokenizer.count(message.content), metadata: {} }, { emit: false });
    }
    if (doc.archived) await deps.threads.update(thread.id, { archived: true });
    out.chats.push(thread.id);
  }
  for (const doc of section.prefixes) {
    const current = doc.versions[doc.versions.length - 1] as string[];
    const created = await deps.prefixes.create(workspaceId, {
      ...(doc.id !== undefined && { id: doc.id }),
      ...(doc.title !== undefined && { title: doc.title }),
      prefix: current,
      history: doc.versions.slice(0, -1),
      ...(doc.draft !== undefined && { draft: doc.draft }),
      createdBy: deps.ownerId,
    });
    out.prefixes.push({ id: created._id, version: created.version });
  }
  return out;
}
