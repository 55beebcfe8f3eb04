// Fault rules of one emulator: matched in the order they were added, the first that fires wins.
// `probability` draws from a stream derived from the seed (never Math.random), so the same
// requests fire the same faults; `times` counts down and the rule disappears at 0.
import { ERROR_STATUS, validationError, type ErrorCode } from '../core/errors.js';
import { jsonResponse } from '../core/json-response.js';
import { zodIssues } from '../core/validation.js';
import { FaultRuleSchema, type FaultRule, type FaultView } from './fault-schema.js';
import { SeededRandom, deriveSeed } from '../seed/random.js';
import { matchesGlob } from './path-glob.js';

interface ActiveRule {
  id: string;
  rule: FaultRule;
  left: number | undefined;
  hits: number;
}

/** What a fired rule does to one request. */
export interface FiredFault {
  id: string;
  delayMs: number;
  /** `error` drops the connection; `answer` sends the error envelope; `pass` lets the real answer through. */
  effect: 'error' | 'answer' | 'pass';
  rule: FaultRule;
}

/** Faults never touch the control API: a test must always be able to clear them. */
export const isControlPath = (path: string): boolean => path === '/__emulator' || path.startsWith('/__emulator/');

export class FaultInjector {
  private rules: ActiveRule[] = [];
  private counter = 0;
  private readonly random = new SeededRandom(0);

  /** Drops every rule and restarts the probability stream from the seed (scenario load, reset). */
  reset(seed: number): void {
    this.rules = [];
    this.counter = 0;
    this.random.restore({ seed: deriveSeed(seed, 'faults'), counter: 0 });
  }

  /** Validates and adds a rule; a bad one is a 400 VALIDATION_ERROR and adds nothing. */
  add(input: unknown): FaultView {
    const parsed = FaultRuleSchema.safeParse(input);
    if (!parsed.success) throw validationError('Invalid fault rule', zodIssues(parsed.error));
    const active: ActiveRule = { id: `fault_${++this.counter}`, rule: parsed.data, left: parsed.data.times, hits: 0 };
    this.rules.push(active);
    return view(active);
  }

  list(): FaultView[] {
    return this.rules.map(view);
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): number {
    const count = this.rules.length;
    this.rules = [];
    return count;
  }

  get size(): number {
    return this.rules.length;
  }

  /** The rule that fires for this request, if any; counts it down. */
  match(method: string, path: string): FiredFault | undefined {
    if (this.rules.length === 0 || isControlPath(path)) return undefined;
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.method !== undefined && rule.method !== method.toUpperCase()) continue;
      if (!matchesGlob(rule.path, path)) continue;
      if (rule.probability !== undefined && rule.probability < 1 && !(this.random.next() < rule.probability)) continue;
      active.hits++;
      if (active.left !== undefined && --active.left <= 0) this.rules = this.rules.filter((r) => r !== active);
      const effect = rule.networkError ? 'error' : rule.status !== undefined || rule.code !== undefined ? 'answer' : 'pass';
      return { id: active.id, delayMs: rule.delayMs ?? 0, effect, rule };
    }
    return undefined;
  }
}

function view(active: ActiveRule): FaultView {
  const { rule } = active;
  return {
    id: active.id,
    ...(rule.method !== undefined && { method: rule.method }),
    path: rule.path,
    ...(rule.status !== undefined && { status: rule.status }),
    ...(rule.code !== undefined && { code: rule.code }),
    ...(rule.message !== undefined && { message: rule.message }),
    ...(rule.delayMs !== undefined && { delayMs: rule.delayMs }),
    ...(rule.networkError !== undefined && { networkError: rule.networkError }),
    ...(active.left !== undefined && { times: active.left }),
    ...(rule.probability !== undefined && { probability: rule.probability }),
    ...(rule.retryAfterSec !== undefined && { retryAfterSec: rule.retryAfterSec }),
    ...(rule.limit !== undefined && { limit: rule.limit }),
    hits: active.hits,
  };
}

/** A known code keeps its own status unless one is given; a bare status takes the code it belongs to. */
function codeAndStatus(rule: FaultRule): { code: string; status: number } {
  const known = rule.code !== undefined && rule.code in ERROR_STATUS ? ERROR_STATUS[rule.code as ErrorCode] : undefined;
  if (rule.code !== undefined) return { code: rule.code, status: rule.status ?? known ?? 500 };
  const status = rule.status ?? 500;
  const byStatus = Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0];
  return { code: byStatus ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INJECTED_FAULT'), status };
}

/** Seconds a refused client waits when the rule names none: short, so retrying clients stay quick. */
export const FAULT_RETRY_AFTER_SEC = 1;
/** The window limit an injected RATE_LIMITED reports when the rule names none. */
export const FAULT_RATE_LIMIT = 60;

/**
 * The answer of a fault with a status or code: the one error envelope, marked as injected. A 429 or
 * 503 carries `Retry-After` like a real refusal (retrying clients such as axios-retry and ky read
 * it); RATE_LIMITED also carries the `RateLimit-*` headers and details of contract section 6.
 */
export function faultResponse(fault: FiredFault, now: number, requestId?: string): Response {
  const { code, status } = codeAndStatus(fault.rule);
  const message = fault.rule.message ?? `Injected fault (${fault.id})`;
  const headers: Record<string, string> = {};
  let details: Record<string, unknown> = { injected: true, faultId: fault.id };
  if (status === 429 || status === 503) {
    const retryAfter = fault.rule.retryAfterSec ?? FAULT_RETRY_AFTER_SEC;
    headers['Retry-After'] = String(retryAfter);
    if (code === 'RATE_LIMITED') {
      const limit = fault.rule.limit ?? FAULT_RATE_LIMIT;
      const resetAt = Math.ceil(now / 1000) + retryAfter;
      Object.assign(headers, { 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': '0', 'RateLimit-Reset': String(retryAfter) });
      details = { limit, remaining: 0, resetAt, retryAfter, ...details };
    }
  }
  return jsonResponse({ error: { code, message, details, ...(requestId !== undefined && { requestId }) } }, status, headers);
}
