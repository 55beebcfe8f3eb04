// Request parsing: JSON bodies, query strings and path parameters checked by zod, with
// field-level details in the one envelope.
import type { z } from 'zod';
import { validationError, type ValidationIssue } from './errors.js';

/** Largest JSON body accepted (emulator-defined): 1 MiB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

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

/** Reads a JSON body: right content type, within the size limit, well-formed. */
export async function readJsonBody(request: Request, optional = false): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_JSON_BODY_BYTES) throw tooLarge();
  const text = await request.text();
  if (text.length === 0 && optional) return {};
  if (text.length === 0) throw validationError('Request body is required', [{ path: 'body', message: 'Required' }]);
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw validationError('Content-Type must be application/json', [{ path: 'body', message: `Unsupported content type "${type}"` }]);
  }
  // UTF-8 takes 1–3 bytes per UTF-16 unit: encode only when the length alone cannot decide.
  if (text.length > MAX_JSON_BODY_BYTES || (text.length * 3 > MAX_JSON_BODY_BYTES && new TextEncoder().encode(text).length > MAX_JSON_BODY_BYTES)) throw tooLarge();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError('Malformed JSON body', [{ path: 'body', message: 'Body is not valid JSON' }]);
  }
}

function tooLarge() {
  return validationError('Request body too large', [{ path: 'body', message: `Body exceeds ${MAX_JSON_BODY_BYTES} bytes` }], {
    maxBytes: MAX_JSON_BODY_BYTES,
  });
}
