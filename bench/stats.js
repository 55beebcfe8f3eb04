// Small statistics and formatting helpers shared by the benchmark files.

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Median plus spread, for the log lines. */
export function summary(values) {
  return { n: values.length, median: median(values), min: Math.min(...values), p90: quantile(values, 0.9), max: Math.max(...values) };
}

export async function timeAsync(fn) {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export const gc = () => globalThis.gc?.();

export function ms(value, digits) {
  const d = digits ?? (value < 1 ? 3 : value < 10 ? 2 : value < 100 ? 1 : 0);
  return `${value.toFixed(d)} ms`;
}

export const ratio = (value) => `${value.toFixed(2)}×`;
export const rps = (value) => `${Math.round(value).toLocaleString('en-US')} req/s`;

/** A target: `{ op: '<=' | '>=', limit, show }` → PASS / MISS. */
export function verdict(value, target) {
  if (!target) return '—';
  if (Number.isNaN(value)) return 'SKIP';
  const ok = target.op === '<=' ? value <= target.limit : value >= target.limit;
  return ok ? 'PASS' : 'MISS';
}

export function spreadLine(label, s, fmt = ms) {
  return `  ${label.padEnd(34)} median ${fmt(s.median)}  (n=${s.n}, min ${fmt(s.min)}, p90 ${fmt(s.p90)}, max ${fmt(s.max)})`;
}

/** Rows: { measure, result, target, status } → a Markdown table. */
export function markdownTable(rows) {
  const head = ['Measure', 'Result', 'Target', 'Status'];
  const cells = rows.map((r) => [r.measure, r.result, r.target ?? '—', r.status ?? '—']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join('\n');
}
