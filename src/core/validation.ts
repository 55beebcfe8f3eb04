// Request parsing: JSON bodies, query strings and path parameters checked by zod, with
// field-level details in the one envelope.
import type { z } from 'zod';
import { EmulatorError, validationError, type ValidationIssue } from './errors.js';

/** Largest JSON body accepted (emulator-defined): 1 MiB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Shape limits of every JSON body, free-form fields (`metadata`, `config`) included. Deeper
 * nesting overflowed the stack when a store serialised it (a 500); these keep it a 400.
 */
export const JSON_LIMITS = {
  /** Objects and arrays nested inside each other, the body itself counting as 1. */
  maxDepth: 32,
  /** Items of one array. */
  maxArrayItems: 10_000,
  /** Keys of one object. */
  maxObjectKeys: 1_000,
  /** Characters of one key. */
  maxKeyChars: 1_000,
} as const;

/**
 * The transport limit: a body declared larger than this is refused with 413 before it is read.
 * The control API's state import is larger (it carries whole worlds); every other route is far
 * below it (JSON 1 MiB, uploads 25 MiB), where the route's own limit answers 400.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
export const MAX_CONTROL_BODY_BYTES = 256 * 1024 * 1024;

/** Formats a zod path the way the contract shows it: `workspaces[0].apiKeys[1].secret`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** One issue per problem; an unknown key is reported at its own path, not at its parent's. */
export function zodIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: 'Unknown field' }))
      : [{ path: formatPath(issue.path), message: issue.message }],
  );
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = zodIssues(result.error).map((i) => ({ ...i, path: i.path ? `${where}${i.path.startsWith('[') ? '' : '.'}${i.path}` : where }));
    throw validationError(`Invalid ${where}`, issues);
  }
  return result.data;
}

/**
 * Path parameters: a NUL (U+0000) is refused on every route before the schema, since PostgreSQL's
 * text cannot hold it (PGlite would fail the lookup where SQLite finds nothing): both drivers answer
 * the same 400 naming the parameter.
 */
export function parseParams<T>(schema: z.ZodType<T>, values: Record<string, string>): T {
  for (const [name, value] of Object.entries(values)) {
    if (value.includes('\u0000')) throw validationError('Invalid params', [{ path: `params.${name}`, message: 'Must not contain U+0000 (NUL)' }]);
  }
  return parseWith(schema, values, 'params');
}

/**
 * The JSON body text each request was read as, for the request journal (control/dashboard): kept
 * by reference, so journaling a body costs no second read or copy on the request's path.
 */
export const jsonBodyTexts = new WeakMap<Request, string>();

/** Reads a JSON body: right content type, within the size limit, well-formed. */
export async function readJsonBody(request: Request, optional = false): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_JSON_BODY_BYTES) throw tooLarge();
  const text = await request.text();
  jsonBodyTexts.set(request, text);
  if (text.length === 0 && optional) return {};
  if (text.length === 0) throw validationError('Request body is required', [{ path: 'body', message: 'Required' }]);
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw validationError('Content-Type must be application/json', [{ path: 'body', message: `Unsupported content type "${type}"` }]);
  }
  // UTF-8 takes 1–3 bytes per UTF-16 unit: encode only when the length alone cannot decide.
  if (text.length > MAX_JSON_BODY_BYTES || (text.length * 3 > MAX_JSON_BODY_BYTES && new TextEncoder().encode(text).length > MAX_JSON_BODY_BYTES)) throw tooLarge();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw validationError('Malformed JSON body', [{ path: 'body', message: 'Body is not valid JSON' }]);
  }
  checkJsonShape(parsed, 'body');
  return parsed;
}

/** The first place where a parsed JSON value breaks `JSON_LIMITS`, or undefined. Iterative: no recursion to overflow. */
export function jsonShapeIssue(value: unknown, where: string): ValidationIssue | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: where, depth: 1 }];
  while (stack.length > 0) {
    const { value: node, path, depth } = stack.pop()!;
    // PostgreSQL's text cannot hold a NUL: refused on every driver alike (as in path parameters).
    if (typeof node === 'string' && node.includes('\u0000')) return { path, message: 'Must not contain U+0000 (NUL)' };
    if (node === null || typeof node !== 'object') continue;
    if (depth > JSON_LIMITS.maxDepth) return { path, message: `Nested deeper than ${JSON_LIMITS.maxDepth} levels` };
    if (Array.isArray(node)) {
      if (node.length > JSON_LIMITS.maxArrayItems) return { path, message: `More than ${JSON_LIMITS.maxArrayItems} items` };
      for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(node);
    if (keys.length > JSON_LIMITS.maxObjectKeys) return { path, message: `More than ${JSON_LIMITS.maxObjectKeys} keys` };
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key.length > JSON_LIMITS.maxKeyChars) return { path, message: `A key longer than ${JSON_LIMITS.maxKeyChars} characters` };
      // A key that would reach an object's prototype once copied into a plain object.
      if (key === '__proto__') return { path: `${path}.${key}`, message: 'Reserved key' };
      stack.push({ value: (node as Record<string, unknown>)[key], path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Throws the 400 for a JSON value past `JSON_LIMITS`, naming where. */
export function checkJsonShape(value: unknown, where: string): void {
  const issue = jsonShapeIssue(value, where);
  if (issue) throw validationError('Invalid body', [issue], { limits: JSON_LIMITS });
}

/** The 413 for a body declared past the transport limit (read before routing, so nothing is read). */
export function bodyTooLarge(request: Request): EmulatorError | undefined {
  const declared = Number(request.headers.get('content-length') ?? '0');
  // Most requests declare less than either limit: only then is the path worth parsing.
  if (!(declared > MAX_BODY_BYTES)) return undefined;
  const limit = new URL(request.url).pathname.startsWith('/__emulator/') ? MAX_CONTROL_BODY_BYTES : MAX_BODY_BYTES;
  if (!(declared > limit)) return undefined;
  return new EmulatorError('PAYLOAD_TOO_LARGE', 'Request body too large', { maxBytes: limit, issues: [{ path: 'body', message: `Body exceeds ${limit} bytes` }] }, { connection: 'close' });
}

/**
 * Reads what is left of a body nobody read and throws it away (at most `MAX_CONTROL_BODY_BYTES`),
 * so the answer goes out after the whole request: a keep-alive connection stays usable.
 */
export function discardBody(request: Request): Promise<void> | undefined {
  // The HTTP door's light request drains its own socket once the answer is out.
  if ((request as { drainsItself?: boolean }).drainsItself) return undefined;
  if (!request.body || request.bodyUsed) return undefined;
  return readToEnd(request.body);
}

async function readToEnd(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > MAX_CONTROL_BODY_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away mid-body: nothing left to keep usable.
  } finally {
    reader.releaseLock();
  }
}

function tooLarge() {
  return validationError('Request body too large', [{ path: 'body', message: `Body exceeds ${MAX_JSON_BODY_BYTES} bytes` }], {
    maxBytes: MAX_JSON_BODY_BYTES,
  });
}
