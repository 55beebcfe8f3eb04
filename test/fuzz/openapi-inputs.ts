// Bad and edge inputs for one operation of the OpenAPI document, as fast-check arbitraries: wrong
// types, missing and extra fields, deep nesting, huge strings, odd unicode, empty and non-object
// bodies, wrong content types, bad path and query parameters.
import fc from 'fast-check';

// The document is plain JSON; its schemas are read loosely.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Schema = Record<string, any>;

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  path: string;
  id: string;
  params: Param[];
  /** The first content type of the request body and its schema. */
  body?: { type: string; schema: Schema; required: boolean };
  security: Array<Record<string, unknown>>;
}

/** One request to send: everything as the wire carries it. */
export interface FuzzCase {
  kind: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      out.push({
        method: method.toUpperCase(),
        path,
        id: `${method.toUpperCase()} ${path}`,
        params: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        ...(type && { body: { type, schema: content[type].schema ?? {}, required: op.requestBody.required === true } }),
        security: op.security ?? [],
      });
    }
  }
  return out;
}

export function resolver(doc: any) {
  return function resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; i < 20 && typeof s.$ref === 'string'; i++) {
      const name = s.$ref.replace('#/components/schemas/', '');
      s = doc.components?.schemas?.[name] ?? {};
    }
    return s;
  };
}

/** A value the schema most likely accepts: the base every single mutation starts from. */
export function plausible(schema: Schema, resolve: (s: Schema) => Schema, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 6) return undefined;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (Array.isArray(s.anyOf)) return plausible(s.anyOf.find((x: Schema) => resolve(x).type !== 'null') ?? s.anyOf[0], resolve, depth + 1);
  if (Array.isArray(s.oneOf)) return plausible(s.oneOf[0], resolve, depth + 1);
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'string':
      if (s.format === 'date-time') return '2026-01-01T09:00:00.000Z';
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri') return 'https://example.com/fuzz';
      return 'f'.repeat(Math.max(1, Math.min(s.minLength ?? 1, 64)));
    case 'integer':
    case 'number':
      return Math.min(s.maximum ?? Infinity, Math.max(s.minimum ?? 1, 1));
    case 'boolean':
      return true;
    case 'array':
      return s.minItems ? Array.from({ length: Math.min(s.minItems, 3) }, () => plausible(s.items ?? {}, resolve, depth + 1)) : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = plausible(s.properties?.[name] ?? {}, resolve, depth + 1);
      return out;
    }
    default:
      return s.properties ? plausible({ ...s, type: 'object' }, resolve, depth) : 'f';
  }
}

/** Values of every wrong type (each schema refuses most of them). */
const anyValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** Strings that have broken parsers: controls, lone surrogates, RTL marks, emoji, NUL, huge. */
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('\u0000', '\ud800', '\udfff\ud800', '\u202e\u202d', '🧨'.repeat(50), ' ', '', '\r\n\r\n', '../../etc/passwd', '%00', '{{x}}', '<script>alert(1)</script>', "'; DROP TABLE users; --"),
);

const hugeString = fc.constantFrom(10_000, 200_001).map((n) => 'x'.repeat(n));

/** Nested objects or arrays past the depth limit (32), up to far past any recursion budget. */
class Deep {
  constructor(
    readonly depth: number,
    readonly arrays: boolean,
  ) {}
  text(): string {
    return this.arrays ? `${'['.repeat(this.depth)}1${']'.repeat(this.depth)}` : `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`;
  }
}
const deepValue = fc.tuple(fc.integer({ min: 33, max: 2000 }), fc.boolean()).map(([depth, arrays]) => new Deep(depth, arrays));

/** JSON text of a value; deep values are spliced in as text (JSON.stringify would overflow on them). */
function stringify(value: unknown): string {
  const deep: Deep[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Deep ? `@@deep${deep.push(v) - 1}@@` : v)) ?? 'null';
  return text.replace(/"@@deep(\d+)@@"/g, (_m, i: string) => deep[Number(i)]!.text());
}

const badPathValue = fc.oneof(
  fc.constantFrom('%00', '..', '%2F', '%2e%2e', '%20', 'a'.repeat(300), '%E2%82', '-1', '0', '1e309', 'null', '__proto__', '%F0%9F%A7%A8'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

const badQueryValue = fc.oneof(
  fc.constantFrom('', '-1', 'abc', '1e309', 'NaN', '9'.repeat(40), '0x10', 'true', '[]', '{"a":1}', 'a'.repeat(5000), '%00'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

export interface CaseContext {
  resolve: (s: Schema) => Schema;
  /** A path parameter's value: a real id of the scenario, or one that names nothing. */
  pathValue: (name: string) => fc.Arbitrary<string>;
  /** Credentials for the operation's first security requirement. */
  credentials: (op: Operation) => Record<string, string>;
}

/** Parts of a body: [top-level property, its schema]. */
function properties(schema: Schema, resolve: (s: Schema) => Schema): Array<[string, Schema]> {
  const s = resolve(schema);
  return Object.entries<Schema>(s.properties ?? {});
}

function multipart(fields: Record<string, unknown>, file?: { name: string; bytes: string }): { type: string; body: string } {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  let body = '';
  for (const [name, value] of Object.entries(fields)) {
    body += `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`;
  }
  if (file) body += `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: text/plain\r\n\r\n${file.bytes}\r\n`;
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${body}--${boundary}--\r\n` };
}

/** The arbitrary of bad and edge requests for one operation. */
export function casesFor(op: Operation, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const goodPath = fc.tuple(...pathParams.map((p) => ctx.pathValue(p.name))).map((values) => fill(op.path, pathParams, values));
  const headers = ctx.credentials(op);
  const base = op.body ? (plausible(op.body.schema, ctx.resolve) as Record<string, unknown>) : undefined;
  const props = op.body ? properties(op.body.schema, ctx.resolve) : [];
  const required: string[] = op.body ? (ctx.resolve(op.body.schema).required ?? []) : [];
  const isMultipart = op.body?.type.startsWith('multipart/') ?? false;
  const send = (kind: string, url: string, value: unknown, type?: string): FuzzCase => {
    if (value === undefined) return { kind, url, headers };
    if (isMultipart && type === undefined && value && typeof value === 'object' && !Array.isArray(value)) {
      const form = multipart(value as Record<string, unknown>, { name: 'fuzz.txt', bytes: 'hello fuzz' });
      return { kind, url, headers: { ...headers, 'content-type': form.type }, body: form.body };
    }
    const contentType = type ?? (op.body?.type === 'application/x-www-form-urlencoded' ? 'application/json' : (op.body?.type ?? 'application/json'));
    return { kind, url, headers: { ...headers, 'content-type': contentType }, body: typeof value === 'string' ? value : stringify(value) };
  };
  const withProp = (name: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>, kind: string) =>
    fc.tuple(goodPath, name, value).map(([url, key, v]) => send(kind, url, { ...base, [key]: v }));
  const propName = props.length > 0 ? fc.constantFrom(...props.map(([n]) => n)) : fc.constant('metadata');

  const kinds: Array<fc.Arbitrary<FuzzCase>> = [];
  if (pathParams.length > 0) {
    kinds.push(
      fc.tuple(fc.nat(pathParams.length - 1), badPathValue, goodPath).map(([i, bad, url]) => {
        const values = pathParams.map((p, j) => (j === i ? bad : decodeURIComponentSafe(segmentOf(url, op.path, p.name))));
        return send('bad-path-param', fill(op.path, pathParams, values, false), base);
      }),
    );
  }
  const queryNames = queryParams.length > 0 ? fc.constantFrom(...queryParams.map((p) => p.name), 'unknownParam') : fc.constant('unknownParam');
  kinds.push(
    fc.tuple(goodPath, fc.array(fc.tuple(queryNames, badQueryValue), { minLength: 1, maxLength: 3 })).map(([url, pairs]) => {
      const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      return send('bad-query', `${url}?${query}`, base);
    }),
  );
  if (op.body) {
    kinds.push(
      withProp(propName, anyValue, 'wrong-type'),
      withProp(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', '_id', 'id', 'workspaceId', 'createdAt')), fc.jsonValue({ maxDepth: 2 }), 'extra-prop'),
      withProp(fc.oneof(propName, fc.constantFrom('metadata', 'config')), deepValue, 'deep-nesting'),
      withProp(propName, hugeString, 'huge-string'),
      withProp(propName, oddString, 'unicode'),
      goodPath.map((url) => send('empty-body', url, '', op.body!.type.startsWith('multipart/') ? 'application/json' : undefined)),
      fc.tuple(goodPath, fc.constantFrom('[]', '"text"', 'null', '42', 'true', '[{"a":1}]')).map(([url, text]) => send('non-object-body', url, text, 'application/json')),
      fc.tuple(goodPath, fc.string({ maxLength: 40 })).map(([url, junk]) => send('malformed-json', url, stringify(base).slice(0, -1) + junk.replace(/[}\]]/g, ''), 'application/json')),
      fc.tuple(goodPath, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', '')).map(([url, type]) =>
        send('wrong-content-type', url, stringify(base), type),
      ),
    );
    if (required.length > 0) {
      kinds.push(
        fc.tuple(goodPath, fc.constantFrom(...required)).map(([url, name]) => {
          const copy = { ...base };
          delete copy[name];
          return send('missing-required', url, copy);
        }),
      );
    }
  } else if (op.method !== 'GET') {
    kinds.push(goodPath.map((url) => send('stray-body', url, '{"unexpected": [1, {"deep": true}]}', 'application/json')));
  }
  return fc.oneof(...kinds);
}

function fill(template: string, params: Param[], values: string[], encode = true): string {
  let url = template;
  params.forEach((p, i) => {
    url = url.replace(`{${p.name}}`, encode ? encodeURIComponent(values[i]!) : values[i]!);
  });
  return url;
}

/** The value a filled path holds where the template names `name`. */
function segmentOf(url: string, template: string, name: string): string {
  const index = template.split('/').indexOf(`{${name}}`);
  return url.split('/')[index] ?? '';
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
