// Release writes in either form: the document-style fields of real clients (REAL-WIRE section 2)
// turned into the spec-typed ones they mirror, after checking that a pair given on both sides agrees.
import { validationError, type ValidationIssue } from '../../core/errors.js';
import type { WireInput } from './schema.js';
import type { AuthMode, ReleaseDoc } from './store.js';
import { allowsAnonymous, authModeFor, CHAT_REF_KEYS, FINETUNE_PREFIX, modelOf, type ChatRefKey } from './wire.js';

type Json = Record<string, unknown>;

/** The spec-typed side of a write, as far as the pairs go. */
export interface SpecSide {
  name?: string | undefined;
  authMode?: AuthMode | undefined;
  config?: Json | undefined;
}

/** What the document-style fields ask for, in spec terms. */
export interface FromWire {
  name?: string;
  authMode?: AuthMode;
  /** Keys to set in `config` (merged like a config patch). */
  config: Json;
  /** Document fields to set; `themeOverride: undefined` with `clearThemeOverride` removes it. */
  doc: Partial<ReleaseDoc>;
  clearThemeOverride: boolean;
  /** References a write removes (sent as null). */
  clearRefs: ChatRefKey[];
}

const sameList = (a: unknown, b: string[]) => Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

function disagree(wire: string, spec: string): ValidationIssue[] {
  return [
    { path: `body.${wire}`, message: `Disagrees with body.${spec}: send one of them, or the same value in both` },
    { path: `body.${spec}`, message: `Disagrees with body.${wire}` },
  ];
}

/**
 * Checks every pair given on both sides (`title`/`name`, `assistant`/`config.model`, `ragIndexes`/
 * `config.ragCollectionIds`, `allowAnonymousChat`/`authMode`, and the two anonymous-chat settings
 * against their `config` keys) and answers the spec-side values the document fields ask for. A
 * disagreement is one 400 naming every field involved; nothing is written.
 */
export function fromWire(body: WireInput & SpecSide, currentAuthMode: AuthMode): FromWire {
  const issues: ValidationIssue[] = [];
  const config = body.config ?? {};
  const out: FromWire = { config: {}, doc: {}, clearThemeOverride: false, clearRefs: [] };

  if (body.title !== undefined) {
    if (body.name !== undefined && body.name !== body.title) issues.push(...disagree('title', 'name'));
    out.name = body.title;
  }
  if (body.assistant !== undefined) {
    const { id, finetune } = body.assistant;
    if (!finetune && id.startsWith(FINETUNE_PREFIX)) {
      issues.push({ path: 'body.assistant.id', message: `An id starting "${FINETUNE_PREFIX}" names a fine-tune: set finetune to true` });
    }
    const model = modelOf(body.assistant);
    if ('model' in config && config.model !== model) issues.push(...disagree('assistant', 'config.model'));
    out.config.model = model;
  }
  if (body.ragIndexes !== undefined) {
    const ids = body.ragIndexes.map((entry) => (typeof entry === 'string' ? entry : entry.id));
    if ('ragCollectionIds' in config && !sameList(config.ragCollectionIds, ids)) issues.push(...disagree('ragIndexes', 'config.ragCollectionIds'));
    out.config.ragCollectionIds = ids;
  }
  if (body.allowAnonymousChat !== undefined) {
    if (body.authMode !== undefined && allowsAnonymous(body.authMode) !== body.allowAnonymousChat) issues.push(...disagree('allowAnonymousChat', 'authMode'));
    out.authMode = authModeFor(body.allowAnonymousChat, body.authMode ?? currentAuthMode);
  }
  for (const key of ['maxAnonymousChatMessages', 'requireSignedAnonymousChat'] as const) {
    const value = body[key];
    if (value === undefined) continue;
    if (key in config && config[key] !== value) issues.push(...disagree(key, `config.${key}`));
    out.config[key] = value;
  }
  if (issues.length > 0) throw validationError('The document-style fields and the spec-typed fields disagree', issues);

  if (body.slug !== undefined) out.doc.slug = body.slug;
  if (body.description !== undefined) out.doc.description = body.description;
  if (body.promptModeration !== undefined) out.doc.promptModeration = body.promptModeration as Json;
  if (body.publicResponseCache !== undefined) out.doc.publicResponseCache = body.publicResponseCache;
  if (body.themeOverride === null) out.clearThemeOverride = true;
  else if (body.themeOverride !== undefined) out.doc.themeOverride = body.themeOverride;
  for (const key of CHAT_REF_KEYS) {
    const ref = body[key];
    if (ref === null) out.clearRefs.push(key);
    else if (ref !== undefined) out.doc[key] = { id: ref.id };
  }
  return out;
}

/** The document fields after a write: the current ones, the new ones over them, and a cleared themeOverride dropped. */
export function mergeDoc(current: ReleaseDoc | undefined, wire: FromWire): ReleaseDoc {
  const doc: ReleaseDoc = { ...(current ?? {}), ...wire.doc };
  if (wire.clearThemeOverride) delete doc.themeOverride;
  for (const key of wire.clearRefs) delete doc[key];
  return doc;
}

const DOC_KEYS = ['slug', 'description', 'promptModeration', 'publicResponseCache', 'themeOverride', ...CHAT_REF_KEYS] as const;

/** The document-only fields a scenario's release may carry (its schema passes unknown keys through). */
export function scenarioDocOf(release: Record<string, unknown>): ReleaseDoc | undefined {
  const doc: Json = {};
  for (const key of DOC_KEYS) if (release[key] !== undefined) doc[key] = release[key];
  return Object.keys(doc).length > 0 ? (doc as ReleaseDoc) : undefined;
}
