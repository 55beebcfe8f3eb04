// The shape of a JSON answer: for every field path (`data[].title`), the types seen there and, where
// the emulator's schema lists allowed values, the values seen. Items of an array merge into one path.
import { childPath, itemPath, typeOfValue, type Hints, type JsonType } from './schema-hints.js';

export interface SeenField {
  types: Set<JsonType>;
  /** Primitive values seen, kept only where the hints list allowed values. */
  values: Set<string | number | boolean>;
  /** How often the field was seen, and how often it held an object (its children's denominator). */
  count: number;
  objects: number;
  /** The path this field hangs from (`data[]` for `data[].title`); undefined for the root. */
  parent?: string;
}

/** Path → what was seen there. */
export type Shape = Map<string, SeenField>;

/**
 * Keys that hold a caller's own data by convention (transcript and file metadata): where the
 * emulator's schema says nothing about them, their keys are data and are not compared.
 */
const FREE_FORM_KEYS = new Set(['metadata', 'documentMetadata']);

/** Walks a parsed JSON body. Fields the hints mark opaque (records, free content) are not entered. */
export function shapeOf(body: unknown, hints: Hints): Shape {
  const shape: Shape = new Map();
  const visit = (value: unknown, path: string, parent?: string) => {
    const type = typeOfValue(value);
    let seen = shape.get(path);
    if (!seen) shape.set(path, (seen = { types: new Set(), values: new Set(), count: 0, objects: 0, ...(parent !== undefined && { parent }) }));
    seen.types.add(type);
    seen.count++;
    if (type === 'object') seen.objects++;
    const hint = hints.get(path);
    if (hint?.values && (type === 'string' || type === 'number' || type === 'boolean')) seen.values.add(value as string | number | boolean);
    if (hint?.opaque || (!hint && FREE_FORM_KEYS.has(path.slice(path.lastIndexOf('.') + 1)))) return;
    if (type === 'array') for (const item of value as unknown[]) visit(item, itemPath(path), path);
    else if (type === 'object') for (const [key, sub] of Object.entries(value as Record<string, unknown>)) visit(sub, childPath(path, key), path);
  };
  visit(body, '');
  return shape;
}
