// What the emulator's own OpenAPI document says about each field of an answer: its types, its enum
// values, whether it is required, and whether it is a free map (whose keys are data, not shape).

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';
type Primitive = string | number | boolean;

export interface FieldHint {
  /** Types the schema allows here; `any` when it allows anything. */
  types: Set<JsonType> | 'any';
  /** The allowed values, when every branch that allows a primitive lists them (enum or const). */
  values?: Set<Primitive>;
  /** The parent object requires this field (always true for array items and the root). */
  required: boolean;
  /** Free keys (a record) or free content: the check compares this field's type, not what is inside. */
  opaque: boolean;
}

/** Field path → hint. Paths read like `data[].title`; the root is `''`. */
export type Hints = Map<string, FieldHint>;

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

export const childPath = (parent: string, key: string) => (parent === '' ? key : `${parent}.${key}`);
export const itemPath = (parent: string) => `${parent}[]`;

const PRIMITIVE = new Set<JsonType>(['string', 'number', 'boolean']);
/** Deep enough for every answer of the suite; a guard against a recursive schema. */
const MAX_DEPTH = 16;

function typeOfValue(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  return 'object';
}

/** One branch's own contribution at its path, before merging. */
interface Partial {
  types: Set<JsonType> | 'any';
  /** undefined: the branch allows no primitive; null: any primitive; a set: only these. */
  values: Set<Primitive> | null | undefined;
  opaque: boolean;
  /** The branch declares properties: its insides are shape, whatever other branches say. */
  structured: boolean;
}

class Walker {
  readonly hints: Hints = new Map();
  private readonly valueState = new Map<string, Set<Primitive> | null>();
  private readonly structured = new Set<string>();
  private readonly free = new Set<string>();

  constructor(private readonly components: Record<string, unknown>) {}

  private resolve(schema: Schema, seen: Set<string>): Schema | undefined {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return undefined;
    seen.add(name);
    const target = this.components[name];
    return isSchema(target) ? this.resolve(target, seen) : undefined;
  }

  walk(raw: unknown, path: string, required: boolean, depth: number, refs: Set<string> = new Set()): void {
    if (!isSchema(raw) || depth > MAX_DEPTH) return;
    const seen = new Set(refs);
    const schema = this.resolve(raw, seen);
    if (!schema) return;
    const branches = [schema.anyOf, schema.oneOf, schema.allOf].filter(Array.isArray).flat() as unknown[];
    if (branches.length > 0) {
      for (const branch of branches) this.walk(branch, path, required, depth + 1, seen);
      // A schema with branches may also carry its own keywords (rare): fall through to them.
      if (schema.type === undefined && schema.properties === undefined && schema.enum === undefined && schema.const === undefined) return;
    }
    this.merge(path, required, this.own(schema));
    const properties = isSchema(schema.properties) ? schema.properties : undefined;
    const requiredKeys = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    if (properties) {
      for (const [key, sub] of Object.entries(properties)) this.walk(sub, childPath(path, key), requiredKeys.includes(key), depth + 1, seen);
    }
    if (schema.items !== undefined) this.walk(schema.items, itemPath(path), true, depth + 1, seen);
  }

  private own(schema: Schema): Partial {
    const listed = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : undefined;
    let types: Set<JsonType> | 'any';
    if (typeof schema.type === 'string' || Array.isArray(schema.type)) {
      types = new Set(([] as string[]).concat(schema.type as string | string[]).map((t) => (t === 'integer' ? 'number' : t) as JsonType));
    } else if (listed) {
      types = new Set(listed.map(typeOfValue));
    } else if (isSchema(schema.properties)) {
      types = new Set(['object']);
    } else if (schema.items !== undefined) {
      types = new Set(['array']);
    } else {
      types = 'any';
    }
    const allowsPrimitive = types === 'any' || [...types].some((t) => PRIMITIVE.has(t));
    const values = listed ? new Set(listed.filter((v): v is Primitive => PRIMITIVE.has(typeOfValue(v)))) : allowsPrimitive ? null : undefined;
    // An object without declared properties is a record (zod's z.record, `additionalProperties`):
    // its keys are data. A schema that allows anything is free content (a message's content).
    const record = types !== 'any' && types.has('object') && !isSchema(schema.properties);
    return { types, values, opaque: types === 'any' || record, structured: isSchema(schema.properties) || schema.items !== undefined };
  }

  private merge(path: string, required: boolean, part: Partial): void {
    const hint = this.hints.get(path);
    if (part.structured) this.structured.add(path);
    if (part.opaque) this.free.add(path);
    if (!hint) {
      this.hints.set(path, { types: part.types === 'any' ? 'any' : new Set(part.types), required, opaque: false });
    } else {
      hint.types = hint.types === 'any' || part.types === 'any' ? 'any' : new Set([...hint.types, ...part.types]);
      // Required only when every branch that declares the field requires it.
      hint.required &&= required;
    }
    // Free inside when a branch is a record or anything, unless another declares what is inside.
    this.hints.get(path)!.opaque = this.hints.get(path)!.types === 'any' || (this.free.has(path) && !this.structured.has(path));
    if (part.values !== undefined) {
      const before = this.valueState.get(path);
      const merged = before === null || part.values === null ? null : new Set([...(before ?? []), ...part.values]);
      this.valueState.set(path, merged);
    }
    const state = this.valueState.get(path);
    const current = this.hints.get(path)!;
    if (state) current.values = state;
    else delete current.values;
  }
}

/** The hints for the answer `status` of `method route` in an OpenAPI document; empty when it names no schema. */
export function hintsFor(openApi: Record<string, unknown>, method: string, route: string, status: number): Hints {
  const paths = isSchema(openApi.paths) ? openApi.paths : {};
  const operation = isSchema(paths[route]) ? (paths[route] as Schema)[method.toLowerCase()] : undefined;
  const responses = isSchema(operation) && isSchema(operation.responses) ? operation.responses : {};
  const response = responses[String(status)] ?? responses.default;
  const content = isSchema(response) && isSchema(response.content) ? response.content : {};
  const json = content['application/json'];
  const schema = isSchema(json) ? json.schema : undefined;
  const components = isSchema(openApi.components) && isSchema(openApi.components.schemas) ? openApi.components.schemas : {};
  const walker = new Walker(components);
  if (schema !== undefined) walker.walk(schema, '', true, 0);
  return walker.hints;
}

export { typeOfValue };
