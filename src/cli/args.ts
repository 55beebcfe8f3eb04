// The command line's flags, help texts and checks. Nothing heavy is imported here: every flag is
// parsed and checked before the emulator (storage drivers, zod schemas, routes) loads.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { VERSION } from '../version.js';
// Small and free of drivers and schemas: the same checks createEmulator and startServer make.
import { normalizeHostName, normalizeOrigin } from '../core/origin-policy.js';

/** Kept equal to src/adapters/node-server.ts (a test checks it), which this file must not import. */
export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

/** A mistake in how the command was called: one line on stderr, exit 2. */
export class UsageError extends Error {
  constructor(message: string, readonly command?: string) {
    super(message);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const satisfies Options;

/**
 * Each subcommand's flags. A new flag is one entry here, one line in its help text and (if it has
 * a value to check) one line in its check function below.
 */
export const SERVE_OPTIONS = {
  ...HELP,
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  scenario: { type: 'string' },
  seed: { type: 'string' },
  storage: { type: 'string' },
  data: { type: 'string' },
  'database-url': { type: 'string' },
  'database-schema': { type: 'string' },
  fresh: { type: 'boolean' },
  clock: { type: 'string' },
  now: { type: 'string' },
  issuer: { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  'allow-host': { type: 'string', multiple: true },
} as const satisfies Options;

export const HELP_TEXT: Record<string, string> = {
  serve: `Usage: service-emulator serve [options]

Serves the emulator over HTTP until stopped (Ctrl-C).

Options:
  -p, --port N               port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
      --host HOST            address to bind (default ${DEFAULT_HOST})
      --scenario NAME|FILE   built-in scenario name or a scenario .json file (default "default")
      --seed N               overrides the scenario's seed (a whole number)
      --storage sqlite|pglite|postgres
                             storage driver (default sqlite where better-sqlite3 loads, else pglite)
      --data DIR             keep state in DIR; a DIR that already holds a world is resumed
      --database-url URL     with --storage postgres: the server (postgres://user:pass@host:port/db;
                             default $DATABASE_URL); a database holding a world is resumed, and
                             several serve processes on one database serve the same world
      --database-schema NAME with --storage postgres: the schema of the tables (default public)
      --fresh                with --data or postgres: load the scenario anyway, replacing the kept world
      --clock real|manual    real (default) follows the wall clock; manual stands still until advanced
      --now ISO              the clock's start (ISO 8601), instead of the scenario's; with the real
                             clock every scenario time is shifted alike
      --issuer URL           the OAuth issuer tokens and discovery name (default: the origin each
                             request came to)
      --allow-origin ORIGIN  a page (http(s)://host[:port]) that may call the control API and the
                             dashboard and gets credentialed CORS answers, like loopback pages;
                             repeatable (see docs/security.md)
      --allow-host NAME      a Host name answered besides localhost names and the bound address
                             (any port); bound to loopback, other names get 403; repeatable
  -h, --help                 this help
`,
  exec: `Usage: service-emulator exec [options] -- COMMAND [ARGS...]

Starts the emulator on a free loopback port, runs COMMAND against it (no shell; pass one, e.g.
-- bash -c '...', if you need it) and exits with COMMAND's exit code (128+n for signal n). When
COMMAND fails, the requests it made (method, path, status, time; secrets masked) go to stderr.
COMMAND gets SERVICE_API_URL, SERVICE_API_KEY, SERVICE_WORKSPACE_ID, SERVICE_PROFILE, an empty
temporary HOME (XDG_CONFIG_HOME inside it; removed afterwards) and BROWSER, a headless browser
that signs in on the emulator's OAuth page as the --login-as user, so "auth login" gets its code.

Options (and every serve option: --scenario, --seed, --storage, --clock, --now, --data, ...):
      --login-as USER        the user the browser signs in as: a user id or email (default: the
                             key's workspace owner, else the scenario's first user)
      --key ID|none          the API key in SERVICE_API_KEY (default: the first key of the first
                             workspace); none leaves it unset, as for an OAuth-only run
      --profile NAME         SERVICE_PROFILE (default "emulator")
  -p, --port N               port (default 0: a free one)
  -h, --help                 this help
`,
  scenarios: `Usage: service-emulator scenarios

Lists the built-in scenarios with their descriptions (use a name with serve --scenario).

Options:
  -h, --help   this help
`,
  openapi: `Usage: service-emulator openapi

Prints the emulator's OpenAPI 3.1 document (JSON) on stdout, e.g. > openapi.json

Options:
  -h, --help   this help
`,
  check: `Usage: service-emulator check FILE

Validates a scenario file; prints "ok" or each error with its path, and exits 1 on errors.

Options:
  -h, --help   this help
`,
  conform: `Usage: service-emulator conform --target URL --api-key KEY [options]

Drift check: replays a read-only request suite (lists and gets of workspaces, API keys, transcripts,
releases and RAG targets and files, a RAG context query, validate-key, the A2A agent card, the
OAuth/OIDC discovery documents, the public release bootstrap) against the target and against an
emulator started in-process, and reports every difference of shape: status codes, missing or extra
fields, types, enum values. Values (ids, times, text) are not compared. Only GETs and the two
read-only POSTs (validate-key, the context query) are sent; the key is never printed.
Exit 0: no differences; 1: differences (or the target did not answer); 2: a usage mistake.

Options:
      --target URL           the service to check (http or https; a base path is kept)
      --api-key KEY          a workspace API key of the target, sent as x-api-key (default: the
                             SERVICE_API_KEY environment variable)
      --scenario NAME|FILE   the emulator side's scenario (default "default")
      --seed N               overrides the scenario's seed
      --storage sqlite|pglite
                             the emulator side's storage driver
      --key-id ID            which of the scenario's API keys the emulator side uses (default: the
                             first active one)
      --bearer               send the key as Authorization: Bearer instead of x-api-key
      --skip STEP            a step not to send (e.g. a2a.agent-card where the target serves it
                             elsewhere); steps that need its answer are skipped too; repeatable
      --timeout MS           per-request timeout (default 15000)
      --json                 the report as JSON on stdout
      --verbose              one line per request on stderr as it finishes
  -h, --help                 this help
`,
};

export const USAGE = `service-emulator ${VERSION}

Usage:
  service-emulator serve [options]     serve the emulator over HTTP (see serve --help)
  service-emulator exec [opts] -- CMD  run CMD against a fresh emulator (see exec --help)
  service-emulator scenarios           list the built-in scenarios
  service-emulator openapi             print the OpenAPI document
  service-emulator check FILE          validate a scenario file and print its errors
  service-emulator conform --target URL --api-key KEY
                                       drift check: compare a real service's answers with the emulator's
  service-emulator help [COMMAND]      this help, or a command's
  service-emulator --version           the version

Each command takes --help.
`;

/** What parse hands back: each flag as a string or a boolean, by its declared type. */
export interface Parsed<O extends Options> {
  values: { [K in keyof O]?: O[K] extends { multiple: true } ? string[] : O[K]['type'] extends 'boolean' ? boolean : string };
  positionals: string[];
}

/** parseArgs, with its long messages cut to one line that names the command. */
export function parse<O extends Options>(command: string, argv: string[], options: O, allowPositionals = false): Parsed<O> {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals }) as unknown as Parsed<O>;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Node's text goes on with advice about '--' that does not apply here: keep the first sentence.
    const first = message.split(/\.\s/)[0]!.replace(/\.$/, '');
    throw new UsageError(first.replace(/^Unknown option/, 'unknown option').replace(/^Unexpected argument/, 'unexpected argument'), command);
  }
}

function integer(value: string | undefined, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > max) {
    throw new UsageError(`--${name} must be a whole number${max < Number.MAX_SAFE_INTEGER ? ` from 0 to ${max}` : ''}, not "${value}"`, 'serve');
  }
  return n;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not "${value}"`, 'serve');
  return value as T;
}

export interface ServeArgs {
  port: number;
  host: string;
  /** A built-in name, or a path to read (`file: true`). */
  scenario: { value: string; file: boolean };
  seed?: number;
  storage?: 'sqlite' | 'pglite' | 'postgres';
  data?: string;
  /** With `storage: 'postgres'`: the server's URL (given, or $DATABASE_URL) and the schema. */
  databaseUrl?: string;
  databaseSchema?: string;
  fresh: boolean;
  clock: 'real' | 'manual';
  now?: string;
  issuer?: string;
  /** Normalized origins (`--allow-origin`), in the order given. */
  allowedOrigins: string[];
  /** Host names (`--allow-host`), lower case, without port. */
  allowedHosts: string[];
}

function origin(value: string): string {
  const normalized = normalizeOrigin(value);
  if (!normalized) throw new UsageError(`--allow-origin must be an origin such as http://app.test:3000 (scheme, host, optional port), not "${value}"`, 'serve');
  return normalized;
}

function hostName(value: string): string {
  const name = normalizeHostName(value);
  if (!name) throw new UsageError(`--allow-host must be a host name without scheme or port (any port is allowed), not "${value}"`, 'serve');
  return name;
}

const isFile = (value: string) => value.endsWith('.json') || value.includes('/') || value.includes('\\');

/** Every serve flag checked, or a UsageError naming the first bad one. */
export function checkServe(values: Parsed<typeof SERVE_OPTIONS>['values']): ServeArgs {
  const postgres = values.storage === 'postgres';
  if (values.fresh && values.data === undefined && !postgres) throw new UsageError('--fresh needs --data DIR (it replaces the world kept in DIR)', 'serve');
  if (!postgres && (values['database-url'] !== undefined || values['database-schema'] !== undefined)) {
    throw new UsageError('--database-url and --database-schema go with --storage postgres', 'serve');
  }
  if (postgres && values.data !== undefined) throw new UsageError('--storage postgres keeps the world in the database: use --database-url, not --data', 'serve');
  // $DATABASE_URL is read only when postgres is asked for: an app's own variable never changes a default run.
  const databaseUrl = postgres ? (values['database-url'] ?? process.env.DATABASE_URL) : undefined;
  if (postgres && !databaseUrl?.trim()) throw new UsageError('--storage postgres needs --database-url postgres://user@host:port/db (or DATABASE_URL)', 'serve');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new UsageError('--database-url must be a postgres:// or postgresql:// URL', 'serve');
  if (values.data !== undefined && values.data.trim() === '') throw new UsageError('--data needs a folder', 'serve');
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) throw new UsageError(`--now must be an ISO 8601 time, not "${values.now}"`, 'serve');
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host needs an address', 'serve');
  if (values.issuer !== undefined && !/^https?:\/\/[^?#]+$/.test(values.issuer)) throw new UsageError('--issuer must be an http(s) URL without query or fragment', 'serve');
  const scenario = values.scenario ?? 'default';
  const seed = integer(values.seed, 'seed');
  const storage = oneOf(values.storage, ['sqlite', 'pglite', 'postgres'] as const, 'storage');
  return {
    port: integer(values.port, 'port', 65535) ?? DEFAULT_PORT,
    host: values.host ?? DEFAULT_HOST,
    scenario: { value: scenario, file: isFile(scenario) },
    ...(seed !== undefined && { seed }),
    ...(storage && { storage }),
    ...(values.data !== undefined && { data: values.data }),
    ...(databaseUrl !== undefined && { databaseUrl }),
    ...(values['database-schema'] !== undefined && { databaseSchema: values['database-schema'] }),
    fresh: values.fresh ?? false,
    clock: oneOf(values.clock, ['real', 'manual'] as const, 'clock') ?? 'real',
    ...(values.now !== undefined && { now: values.now }),
    ...(values.issuer !== undefined && { issuer: values.issuer }),
    allowedOrigins: (values['allow-origin'] ?? []).map(origin),
    allowedHosts: (values['allow-host'] ?? []).map(hostName),
  };
}
