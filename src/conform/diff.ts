// Compares two answers of one request by shape: status, media type, missing and extra fields, types
// and enum values. Ids, times and text are never compared: only what kind of value sits where.
import type { FieldHint, Hints } from './schema-hints.js';
import { shapeOf, type SeenField, type Shape } from './shape.js';

export type DifferenceKind = 'status' | 'content-type' | 'missing' | 'extra' | 'type' | 'enum' | 'error';

/** One difference; `emulator` and `target` describe each side's side of it, in words. */
export interface Difference {
  step: string;
  method: string;
  route: string;
  kind: DifferenceKind;
  /** The field path (`data[].title`, `(root)` for the whole body); absent for status and errors. */
  field?: string;
  emulator?: string;
  target?: string;
}

/** What one side answered (or why it did not). */
export type Answer =
  | { status: number; mediaType: string; json: boolean; body?: unknown; ms: number }
  | { error: string; ms: number };

type FieldDiff = Omit<Difference, 'step' | 'method' | 'route'>;

const label = (path: string) => (path === '' ? '(root)' : path);
const list = (types: Iterable<string>) => [...types].sort().join(' | ');
const quote = (values: Iterable<string | number | boolean>) => [...values].map((v) => JSON.stringify(v)).sort().join(', ');

/**
 * A field can be compared only where both sides hold the object it hangs from, and the items of
 * an array only where both sides hold at least one item (an empty list shows no item shape).
 */
function comparable(path: string, emulator: Shape, target: Shape): boolean {
  if (path.endsWith('[]') && !(emulator.has(path) && target.has(path))) return false;
  const seen = emulator.get(path) ?? target.get(path);
  const parent = seen?.parent;
  if (parent === undefined) return true;
  const container = path.endsWith('[]') ? 'array' : 'object';
  const e = emulator.get(parent);
  const t = target.get(parent);
  return !!e && !!t && e.types.has(container) && t.types.has(container) && comparable(parent, emulator, target);
}

/** The emulator showed the field in every object it could hang from: required, by observation. */
function alwaysThere(e: SeenField, emulator: Shape): boolean {
  const parent = e.parent === undefined ? undefined : emulator.get(e.parent);
  return !parent || e.count >= parent.objects;
}

/** Types the target shows that neither the emulator showed nor its schema allows. */
function foreignTypes(t: SeenField, e: SeenField | undefined, hint: FieldHint | undefined): string[] {
  if (hint?.types === 'any') return [];
  const allowed = new Set<string>([...(e?.types ?? []), ...(hint?.types ?? [])]);
  return [...t.types].filter((type) => !allowed.has(type));
}

function valueDiff(path: string, t: SeenField, hint: FieldHint | undefined): FieldDiff | undefined {
  if (!hint?.values) return undefined;
  const unknown = [...t.values].filter((v) => !hint.values!.has(v));
  return unknown.length ? { kind: 'enum', field: label(path), emulator: `one of ${quote(hint.values)}`, target: quote(unknown) } : undefined;
}

/** Every field difference between two parsed JSON bodies, judged with the emulator's schema hints. */
export function compareBodies(emulatorBody: unknown, targetBody: unknown, hints: Hints): FieldDiff[] {
  const emulator = shapeOf(emulatorBody, hints);
  const target = shapeOf(targetBody, hints);
  const out: FieldDiff[] = [];
  const paths = [...emulator.keys(), ...[...target.keys()].filter((p) => !emulator.has(p))];
  for (const path of paths) {
    if (!comparable(path, emulator, target)) continue;
    const e = emulator.get(path);
    const t = target.get(path);
    const hint = hints.get(path);
    if (e && !t) {
      // A field the schema marks optional (or, with no schema, that some of the emulator's own
      // items lack) may be absent: the target's data simply lack it.
      if (hint ? hint.required : alwaysThere(e, emulator)) out.push({ kind: 'missing', field: label(path), emulator: list(e.types) });
      continue;
    }
    if (!t) continue;
    if (!e && !hint) {
      out.push({ kind: 'extra', field: label(path), target: list(t.types) });
      continue;
    }
    const foreign = foreignTypes(t, e, hint);
    if (foreign.length) {
      const expected = e ? e.types : hint && hint.types !== 'any' ? hint.types : [];
      out.push({ kind: 'type', field: label(path), emulator: list(expected), target: list(t.types) });
      continue;
    }
    const values = valueDiff(path, t, hint);
    if (values) out.push(values);
  }
  return out;
}

const describe = (a: Answer) => ('error' in a ? `no answer (${a.error})` : String(a.status));

/** The differences of one request's two answers. */
export function compareAnswers(emulator: Answer, target: Answer, hints: (status: number) => Hints): FieldDiff[] {
  if ('error' in target || 'error' in emulator) return [{ kind: 'error', emulator: describe(emulator), target: describe(target) }];
  if (emulator.status !== target.status) return [{ kind: 'status', emulator: String(emulator.status), target: String(target.status) }];
  if (emulator.json !== target.json) {
    const kind = (a: typeof emulator) => `${a.mediaType || '(none)'}${a.mediaType.includes('json') && !a.json ? ' (not parseable)' : ''}`;
    return [{ kind: 'content-type', emulator: kind(emulator), target: kind(target) }];
  }
  if (!emulator.json) return [];
  return compareBodies(emulator.body, target.body, hints(emulator.status));
}
