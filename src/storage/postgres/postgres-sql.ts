// Small helpers of the PostgreSQL driver: the shared placeholder translation, and a URL fit to print.
export { toPostgres } from '../placeholders.js';

/** The URL without its password (messages and logs never show it); the text itself when it does not parse. */
export function describeUrl(url: string): string {
  if (!URL.canParse(url)) return '(an unparsable URL)';
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
