// The real clients' document view of a release (REAL-WIRE section 2): `_id`, `title`, `assistant`,
// `ragIndexes`, `allowAnonymousChat`... read from the same record as the spec-typed fields, so
// each pair is equal by construction. The mapping rules both directions use live here.
import { sha256Hex } from '../../security/hash.js';
import { toIso } from '../../core/services.js';
import type { AuthMode, ReleaseRecord } from './store.js';

/** The release's references to workspace chat resources, `{id}` each (demo-pipeline release-chat-resources.ts). */
export const CHAT_REF_KEYS = ['conversationStarter', 'chatWelcomeMessage', 'threadPrefix', 'msgPrefix'] as const;
export type ChatRefKey = (typeof CHAT_REF_KEYS)[number];

/** A model string of this prefix names a fine-tune: `ft:<id>` ⇄ `{id, finetune: true}`. */
export const FINETUNE_PREFIX = 'ft:';

export interface AssistantRef {
  id: string;
  finetune: boolean;
}

/** `assistant` → `config.model`. */
export function modelOf(assistant: AssistantRef): string {
  return assistant.finetune ? `${FINETUNE_PREFIX}${assistant.id}` : assistant.id;
}

/** `config.model` → `assistant`. */
export function assistantOf(model: string): AssistantRef {
  return model.startsWith(FINETUNE_PREFIX) ? { id: model.slice(FINETUNE_PREFIX.length), finetune: true } : { id: model, finetune: false };
}

export const allowsAnonymous = (authMode: AuthMode): boolean => authMode !== 'required';

/** The authMode `allowAnonymousChat` asks for, keeping the current mode when it already agrees. */
export function authModeFor(allow: boolean, current: AuthMode): AuthMode {
  if (allow) return current === 'required' ? 'optional' : current;
  return 'required';
}

/** A published release has an embed key; hashed from its id, so it needs no column and replays. */
export function embedKeyOf(release: Pick<ReleaseRecord, 'id' | 'status'>): string | null {
  if (release.status === 'draft') return null;
  return `ek_${sha256Hex(`embed-key:${release.id}`).slice(0, 32)}`;
}

function ragIdsOf(config: Record<string, unknown>): string[] {
  const ids = config.ragCollectionIds;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
}

/** The document-style fields of a release answer. */
export function wireFields(release: ReleaseRecord) {
  const { config } = release;
  const doc = release.doc ?? {};
  return {
    _id: release.id,
    title: release.name,
    ...(doc.slug !== undefined && { slug: doc.slug }),
    ...(doc.description !== undefined && { description: doc.description }),
    ...(typeof config.model === 'string' && { assistant: assistantOf(config.model) }),
    ragIndexes: ragIdsOf(config).map((id) => ({ id })),
    allowAnonymousChat: allowsAnonymous(release.authMode),
    ...(typeof config.maxAnonymousChatMessages === 'number' && { maxAnonymousChatMessages: config.maxAnonymousChatMessages }),
    ...(typeof config.requireSignedAnonymousChat === 'boolean' && { requireSignedAnonymousChat: config.requireSignedAnonymousChat }),
    ...(doc.promptModeration !== undefined && { promptModeration: doc.promptModeration }),
    ...(doc.publicResponseCache !== undefined && { publicResponseCache: doc.publicResponseCache }),
    ...(doc.themeOverride !== undefined && { themeOverride: doc.themeOverride }),
    embedKey: embedKeyOf(release),
    ...(doc.deprecatedAt !== undefined && { deprecatedAt: toIso(doc.deprecatedAt) }),
    ...Object.fromEntries(CHAT_REF_KEYS.filter((k) => doc[k] !== undefined).map((k) => [k, doc[k]])),
  };
}
