// The drift check's reports (human text and --json) and the mask every printed line goes through,
// so no API key ever reaches stdout or stderr.
import type { Answer, Difference } from './diff.js';
import type { ConformResult, StepResult } from './run.js';

/** Replaces each secret (raw and JSON-escaped) in a text; a secret's first 4 characters stay as a hint. */
export function masker(secrets: readonly string[]): (text: string) => string {
  const forms = secrets
    .filter((s) => s.length > 0)
    .flatMap((s) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s)])
    .filter((f, i, all) => all.indexOf(f) === i)
    .sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((out, form) => out.split(form).join(`${form.slice(0, Math.min(4, form.length >> 2))}***`), text);
}

export interface ReportHeader {
  /** The target's origin and base path (no credentials, no query). */
  target: string;
  scenario: string;
  seed: number;
}

const answerView = (a: Answer) => ('error' in a ? { error: a.error, ms: Math.round(a.ms) } : { status: a.status, mediaType: a.mediaType, ms: Math.round(a.ms) });

/** The --json report: stable keys, one object. */
export function jsonReport(header: ReportHeader, result: ConformResult): string {
  const skipped = result.steps.filter((s) => s.skipped).length;
  return `${JSON.stringify(
    {
      ...header,
      summary: { requests: result.steps.length, sent: result.steps.length - skipped, skipped, differences: result.differences.length },
      requests: result.steps.map((s) => ({
        step: s.step,
        method: s.method,
        route: s.route,
        ...(s.skipped
          ? { skipped: s.skipped }
          : { target: { path: s.target!.path, ...answerView(s.target!.answer) }, emulator: { path: s.emulator!.path, ...answerView(s.emulator!.answer) } }),
        differences: s.differences.length,
      })),
      differences: result.differences,
    },
    null,
    2,
  )}\n`;
}

function differenceLine(d: Difference): string {
  switch (d.kind) {
    case 'status':
      return `  status        emulator ${d.emulator}, target ${d.target}`;
    case 'content-type':
      return `  content-type  emulator ${d.emulator}, target ${d.target}`;
    case 'error':
      return `  error         emulator ${d.emulator}, target ${d.target}`;
    case 'missing':
      return `  missing       ${d.field}  (the emulator serves ${d.emulator}; the target has no such field)`;
    case 'extra':
      return `  extra         ${d.field}  (the target serves ${d.target}; the emulator has no such field)`;
    case 'type':
      return `  type          ${d.field}  emulator ${d.emulator}, target ${d.target}`;
    case 'enum':
      return `  enum          ${d.field}  target ${d.target}; the emulator allows ${d.emulator!.replace(/^one of /, '')}`;
  }
}

const statusOf = (a: Answer) => ('error' in a ? 'no answer' : String(a.status));

/** One line per request as it finishes (--verbose, on stderr). */
export function verboseLine(s: StepResult): string {
  if (s.skipped) return `conform: ${s.method} ${s.route}: skipped: ${s.skipped}\n`;
  const t = s.target!;
  const e = s.emulator!;
  return `conform: ${s.method} ${t.path} -> target ${statusOf(t.answer)} (${Math.round(t.answer.ms)} ms); emulator ${e.path} -> ${statusOf(e.answer)}; ${s.differences.length} difference${s.differences.length === 1 ? '' : 's'}\n`;
}

/** The human report: each request with differences, what was skipped, and a summary line. */
export function textReport(header: ReportHeader, result: ConformResult): string {
  const lines = [`conform: ${header.target} against the emulator (scenario "${header.scenario}", seed ${header.seed})`, ''];
  for (const s of result.steps) {
    if (s.skipped) {
      lines.push(`${s.method} ${s.route}`, `  skipped       ${s.skipped}`);
      continue;
    }
    if (s.differences.length === 0) continue;
    lines.push(`${s.method} ${s.route}  (target ${statusOf(s.target!.answer)}, emulator ${statusOf(s.emulator!.answer)})`);
    for (const d of s.differences) lines.push(differenceLine(d));
  }
  const skipped = result.steps.filter((s) => s.skipped).length;
  const n = result.differences.length;
  if (lines.length > 2) lines.push('');
  lines.push(
    `${result.steps.length} requests, ${result.steps.length - skipped} sent, ${skipped} skipped: ` +
      (n === 0 ? 'no differences of shape' : `${n} difference${n === 1 ? '' : 's'}`),
  );
  return `${lines.join('\n')}\n`;
}
