// `service-emulator conform`: the drift check. Replays the read-only suite (src/conform/suite.ts)
// against a target and an emulator started in-process, and reports every difference of shape.
import { parse, UsageError, type Parsed } from './args.js';
import { VERSION } from '../version.js';
import { wallElapsedMs } from '../clock/wall-time.js';
import type { Answer } from '../conform/diff.js';
import type { ReadOnlyRequest } from '../conform/suite.js';
import type { ScenarioInput } from '../scenarios/schema.js';

export const CONFORM_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  target: { type: 'string' },
  'api-key': { type: 'string' },
  scenario: { type: 'string' },
  seed: { type: 'string' },
  storage: { type: 'string' },
  'key-id': { type: 'string' },
  bearer: { type: 'boolean' },
  skip: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
} as const;

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The base the in-process emulator is addressed at (its discovery documents name it). */
const EMULATOR_BASE = 'http://localhost:4010';
const KEY_PATTERN = /svc_[A-Za-z0-9]{4,}/g;

interface ConformArgs {
  /** Origin and base path, no trailing slash. */
  target: string;
  apiKey: string;
  scenario: { value: string; file: boolean };
  seed?: number;
  storage?: 'sqlite' | 'pglite';
  keyId?: string;
  /** Send the key as `Authorization: Bearer` (fulcrum's form) instead of `x-api-key`. */
  bearer: boolean;
  /** Step ids not to send (their dependents are skipped too). */
  skip: string[];
  timeoutMs: number;
  json: boolean;
  verbose: boolean;
}

/** Values on the command line that may be keys: whatever follows --api-key, and anything key-shaped. */
function suspectedSecrets(argv: string[]): string[] {
  const found: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--api-key' && argv[i + 1] !== undefined) found.push(argv[i + 1]!);
    if (arg.startsWith('--api-key=')) found.push(arg.slice('--api-key='.length));
    for (const m of arg.matchAll(KEY_PATTERN)) found.push(m[0]);
  });
  if (process.env.SERVICE_API_KEY) found.push(process.env.SERVICE_API_KEY);
  return found;
}

function usage(message: string): never {
  throw new UsageError(message, 'conform');
}

function checkArgs(values: Parsed<typeof CONFORM_OPTIONS>['values'], stepIds: readonly string[]): ConformArgs {
  const unknownStep = (values.skip ?? []).find((id) => !stepIds.includes(id));
  if (unknownStep !== undefined) usage(`--skip takes a step of the suite (${stepIds.join(', ')}), not "${unknownStep}"`);
  if (values.target === undefined) usage('--target URL is required (the service to check, e.g. https://api.example.com)');
  let url: URL;
  try {
    url = new URL(values.target);
  } catch {
    usage('--target must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') usage('--target must be an http(s) URL');
  // fetch refuses URLs with credentials, and a report must not print them: say so without echoing.
  if (url.username || url.password) usage('--target must not carry credentials (user:password@); pass the key with --api-key');
  if (url.search || url.hash) usage('--target must have no query or fragment (a base path is fine)');
  const apiKey = values['api-key'] ?? process.env.SERVICE_API_KEY;
  if (!apiKey) usage('--api-key KEY is required (or set SERVICE_API_KEY)');
  const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 600_000) usage('--timeout must be a whole number of milliseconds from 1 to 600000');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && (values.seed!.trim() === '' || !Number.isInteger(seed) || seed < 0)) usage(`--seed must be a whole number, not "${values.seed}"`);
  if (values.storage !== undefined && values.storage !== 'sqlite' && values.storage !== 'pglite') usage(`--storage must be one of sqlite, pglite, not "${values.storage}"`);
  const scenario = values.scenario ?? 'default';
  return {
    target: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    apiKey,
    scenario: { value: scenario, file: scenario.endsWith('.json') || scenario.includes('/') || scenario.includes('\\') },
    ...(seed !== undefined && { seed }),
    ...(values.storage !== undefined && { storage: values.storage }),
    ...(values['key-id'] !== undefined && { keyId: values['key-id'] }),
    bearer: values.bearer ?? false,
    skip: values.skip ?? [],
    timeoutMs: timeout,
    json: values.json ?? false,
    verbose: values.verbose ?? false,
  };
}

/** Why a fetch failed, in a few words (never the request: it carries the key). */
function failure(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}

/** A Sender over any fetch: the target's global fetch, or the emulator's in-process handler. */
function sender(doFetch: (request: Request) => Promise<Response>, base: string, key: string, timeoutMs: number, bearer: boolean) {
  return async (req: ReadOnlyRequest): Promise<Answer> => {
    const start = wallElapsedMs();
    try {
      const headers: Record<string, string> = { accept: 'application/json', 'user-agent': `service-emulator-conform/${VERSION}` };
      if (req.auth === 'key') headers[bearer ? 'authorization' : 'x-api-key'] = bearer ? `Bearer ${key}` : key;
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const signal = AbortSignal.timeout(timeoutMs);
      const init: RequestInit = { method: req.method, headers, redirect: 'manual', signal };
      if (req.body !== undefined) init.body = JSON.stringify(req.body);
      const response = await doFetch(new Request(`${base}${req.path}`, init));
      const text = await response.text();
      const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      let body: unknown;
      let json = false;
      if (/[/+]json$/.test(mediaType)) {
        try {
          body = JSON.parse(text);
          json = true;
        } catch {
          json = false;
        }
      }
      return { status: response.status, mediaType, json, ...(json && { body }), ms: wallElapsedMs() - start };
    } catch (err) {
      return { error: failure(err, timeoutMs), ms: wallElapsedMs() - start };
    }
  };
}

const write = (stream: NodeJS.WriteStream, text: string) => new Promise<void>((resolve) => stream.write(text, () => resolve()));

/** Runs the command; answers the exit code (0: no differences, 1: some). Usage errors throw UsageError. */
export async function conform(argv: string[]): Promise<number> {
  const early = suspectedSecrets(argv);
  const { masker } = await import('../conform/report.js');
  let mask = masker(early);
  let values: Parsed<typeof CONFORM_OPTIONS>['values'];
  try {
    ({ values } = parse('conform', argv, CONFORM_OPTIONS));
  } catch (err) {
    throw err instanceof UsageError ? new UsageError(mask(err.message), 'conform') : err;
  }
  const { HELP_TEXT } = await import('./args.js');
  if (values.help) return write(process.stdout, HELP_TEXT.conform!).then(() => 0);
  const { SUITE } = await import('../conform/suite.js');
  let args: ConformArgs;
  try {
    args = checkArgs(values, SUITE.map((s) => s.id));
  } catch (err) {
    throw err instanceof UsageError ? new UsageError(mask(err.message), 'conform') : err;
  }
  let emulatorKey = '';
  mask = masker([args.apiKey, ...early]);
  try {
    const [{ createEmulator }, { readScenarioFile }, { runSuite }, report] = await Promise.all([
      import('../emulator/create-emulator.js'),
      import('../scenarios/builtin.js'),
      import('../conform/run.js'),
      import('../conform/report.js'),
    ]);
    const scenario = args.scenario.file ? ((await readScenarioFile(args.scenario.value)) as ScenarioInput) : args.scenario.value;
    const emulator = await createEmulator({
      scenario,
      clock: 'manual',
      vectorSearch: 'exact',
      onNotice: () => undefined,
      ...(args.seed !== undefined && { seed: args.seed }),
      ...(args.storage && { storage: args.storage }),
    });
    try {
      const keys = emulator.handles.workspaces.flatMap((w) => w.apiKeys);
      const chosen = args.keyId ? keys.find((k) => k.id === args.keyId) : keys.find((k) => k.status === 'active' && k.secret);
      if (!chosen?.secret) {
        throw new UsageError(args.keyId ? `the scenario has no API key "${args.keyId}" with a secret` : 'the scenario has no active API key for the emulator side (see --key-id)', 'conform');
      }
      emulatorKey = chosen.secret;
      mask = masker([args.apiKey, emulatorKey, ...early]);
      const result = await runSuite({
        suite: SUITE,
        skip: new Set(args.skip),
        target: sender((r) => fetch(r), args.target, args.apiKey, args.timeoutMs, args.bearer),
        emulator: sender((r) => emulator.fetch(r), EMULATOR_BASE, emulatorKey, args.timeoutMs, args.bearer),
        openApi: emulator.openApi(),
        ...(args.verbose && { onStep: (s) => void process.stderr.write(mask(report.verboseLine(s))) }),
      });
      const header = { target: args.target, scenario: emulator.handles.scenario, seed: emulator.seed };
      await write(process.stdout, mask(args.json ? report.jsonReport(header, result) : report.textReport(header, result)));
      return result.differences.length === 0 ? 0 : 1;
    } finally {
      await emulator.close().catch(() => undefined);
    }
  } catch (err) {
    // Whatever failed, its words pass the mask before main prints them.
    if (err instanceof UsageError) throw new UsageError(mask(err.message), 'conform');
    throw new Error(mask(err instanceof Error ? err.message : String(err)));
  }
}
