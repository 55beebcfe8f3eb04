// Small helpers of the PostgreSQL driver: the shared placeholder translation, and a URL fit to print.
export { toPostgres } from '../placeholders.js';

/** The URL without its password (messages and logs never show it); the text itself when it does not parse. */
export function describeUrl(url: string): string {
  if (!URL.canParse(url)) return '(an unparsable URL)';
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * The schema of a world (`x-emulator-world: ID`): `world_` and the id, every character other than
 * a lower-case letter or digit written as `_` and its code in hex, so two ids never share a schema.
 * Undefined when the result would pass Postgres's 63-byte identifier limit.
 */
export function worldSchema(worldId: string): string | undefined {
  let out = 'world_';
  for (const ch of worldId) out += /[a-z0-9]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}`;
  return out.length <= 63 ? out : undefined;
}
