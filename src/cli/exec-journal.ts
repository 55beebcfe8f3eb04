// The request journal as `service-emulator exec` prints it when the command fails: one line per
// request (emulator time, method, path, status, wall time, key id), secrets masked.
import type { JournalEntry } from '../control/request-journal.js';

/** Lines printed at most: the newest ones, since the last requests are the ones near the failure. */
export const JOURNAL_LINES = 200;

/**
 * Key secrets, JWTs and the OAuth codes and refresh tokens can sit in a path segment (a token
 * passed where an id goes): shown by their prefix only. The journal's paths carry no query.
 */
const SECRETS: [RegExp, string][] = [
  [/\bsvc_[A-Za-z0-9]{8,}/g, 'svc_***'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, 'eyJ***'],
  [/\b(oac|ort)_[A-Za-z0-9]{8,}/g, '$1_***'],
];

export function maskSecrets(text: string): string {
  return SECRETS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}

function line(entry: JournalEntry): string {
  const time = entry.at.slice(11, 23);
  const status = entry.status === 0 ? 'dropped' : String(entry.status);
  const key = entry.keyId === null ? '' : `  key ${entry.keyId}`;
  const fault = entry.faultId === undefined ? '' : `  fault ${entry.faultId}`;
  return `  ${time}  ${entry.method.padEnd(6)} ${maskSecrets(entry.path)}  ${status}  ${entry.durationMs.toFixed(1)} ms${key}${fault}`;
}

/** The report for stderr: a heading that names the exit, then the requests, oldest first. */
export function formatJournal(entries: JournalEntry[], exit: string): string {
  const heading = `service-emulator exec: the command ${exit}; ${entries.length === 0 ? 'it made no request to the emulator' : `requests it made to the emulator (${entries.length}):`}`;
  const shown = entries.slice(-JOURNAL_LINES);
  const skipped = entries.length - shown.length;
  return [heading, ...(skipped > 0 ? [`  (${skipped} earlier not shown)`] : []), ...shown.map(line)].join('\n') + '\n';
}
