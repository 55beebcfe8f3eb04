#!/usr/bin/env node
// The service-emulator command: serve, scenarios, openapi, check FILE.
import { parseArgs } from 'node:util';
import { createEmulator } from '../emulator/create-emulator.js';
import { DEFAULT_HOST, DEFAULT_PORT, startServer } from '../adapters/node-server.js';
import { listBuiltinScenarios, readScenarioFile } from '../scenarios/builtin.js';
import { checkScenario } from '../scenarios/validate.js';
import type { ScenarioInput } from '../scenarios/schema.js';
import { EmulatorError } from '../core/errors.js';
import { DataDirError } from '../emulator/persistence.js';
import { VERSION } from '../version.js';

const USAGE = `service-emulator ${VERSION}

Usage:
  service-emulator serve [--port 4010] [--host 127.0.0.1] [--scenario NAME|FILE] [--seed N]
                         [--storage sqlite|pglite] [--data DIR [--fresh]] [--clock real|manual] [--now ISO]
                         [--issuer URL]
      --data DIR   keep state in DIR; a DIR that already holds a world is resumed
      --fresh      with --data: load the scenario anyway, replacing the kept world
      --clock real starts at the wall clock, every scenario time shifted alike; --now pins the start
      --issuer URL the OAuth issuer tokens and discovery name (default: the origin each request came to)
  service-emulator scenarios        list the built-in scenarios
  service-emulator openapi          print the OpenAPI document
  service-emulator check FILE       validate a scenario file and print its errors
`;

class UsageError extends Error {}

const isFile = (value: string) => value.endsWith('.json') || value.includes('/');

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number`);
  return n;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      scenario: { type: 'string' },
      seed: { type: 'string' },
      storage: { type: 'string' },
      data: { type: 'string' },
      clock: { type: 'string' },
      now: { type: 'string' },
      fresh: { type: 'boolean' },
      issuer: { type: 'string' },
    },
    strict: true,
  });
  const scenarioArg = values.scenario ?? 'default';
  const scenario = isFile(scenarioArg) ? ((await readScenarioFile(scenarioArg)) as ScenarioInput) : scenarioArg;
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) throw new UsageError('--now must be an ISO 8601 time');
  if (values.issuer !== undefined && !/^https?:\/\/[^?#]+$/.test(values.issuer)) throw new UsageError('--issuer must be an http(s) URL without query or fragment');
  const seed = integer(values.seed, 'seed');
  const storage = oneOf(values.storage, ['sqlite', 'pglite'] as const, 'storage');
  const emulator = await createEmulator({
    scenario,
    clock: oneOf(values.clock, ['real', 'manual'] as const, 'clock') ?? 'real',
    ...(seed !== undefined && { seed }),
    ...(storage && { storage }),
    ...(values.data && { dataDir: values.data }),
    ...(values.fresh && { fresh: true }),
    ...(values.now && { now: values.now }),
    ...(values.issuer && { issuer: values.issuer }),
    onInternalError: (err) => console.error(err),
  });
  const server = await startServer(emulator, { port: integer(values.port, 'port') ?? DEFAULT_PORT, host: values.host ?? DEFAULT_HOST });
  if (emulator.resumed) {
    console.error(`service-emulator: resumed the world kept in ${values.data} (scenario "${emulator.handles.scenario}"); --fresh loads the scenario instead`);
  }
  console.log(`service-emulator listening on ${server.url}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await emulator.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

async function check(file: string | undefined): Promise<number> {
  if (!file) throw new UsageError('check needs a FILE');
  let doc: unknown;
  try {
    doc = await readScenarioFile(file);
  } catch (err) {
    console.error(`${file}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const result = checkScenario(doc);
  if (result.ok) {
    console.log(`${file}: ok (scenario "${result.scenario.name}")`);
    return 0;
  }
  for (const issue of result.issues) console.error(`${file}: ${issue.path || '(root)'}: ${issue.message}`);
  console.error(`${result.issues.length} error${result.issues.length === 1 ? '' : 's'}`);
  return 1;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      await serve(rest);
      return -1;
    case 'scenarios':
      for (const { name, description } of await listBuiltinScenarios()) console.log(`${name.padEnd(22)} ${description}`);
      return 0;
    case 'openapi': {
      const emulator = await createEmulator({ scenario: 'empty' });
      const text = `${JSON.stringify(emulator.openApi(), null, 2)}\n`;
      // process.exit would cut a large document short on a pipe: wait until it is written.
      await new Promise<void>((resolve) => process.stdout.write(text, () => resolve()));
      await emulator.close();
      return 0;
    }
    case 'check':
      return check(rest[0]);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return 0;
    case '--version':
      console.log(VERSION);
      return 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof UsageError || (err instanceof TypeError && 'code' in err)) {
      console.error(`service-emulator: ${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (err instanceof DataDirError) {
      console.error(`service-emulator: ${err.message}`);
      process.exit(1);
    }
    if (err instanceof EmulatorError) {
      const issues = (err.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
      console.error(`service-emulator: ${err.message}`);
      for (const issue of issues) console.error(`  ${issue.path || '(root)'}: ${issue.message}`);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
