#!/usr/bin/env node
// The service-emulator command: serve, exec, scenarios, openapi, check FILE, conform. Flags are parsed and checked
// first (src/cli/args.ts); the emulator loads only once they are good, so a mistake is refused fast.
import { HELP_TEXT, SERVE_OPTIONS, USAGE, UsageError, checkServe, parse, type ServeArgs } from './args.js';
import { VERSION } from '../version.js';
import { announce } from './announce.js';
import type { ScenarioInput } from '../scenarios/schema.js';

/** A failure already worded for the user: one line on stderr, exit 1. */
class CliFailure extends Error {}

const say = (text: string) => new Promise<void>((resolve) => process.stdout.write(text, () => resolve()));

async function serve(args: ServeArgs): Promise<void> {
  const [{ createEmulator }, { startServer }, { readScenarioFile }, { hostGuard }] = await Promise.all([
    import('../emulator/create-emulator.js'),
    import('../adapters/node-server.js'),
    import('../scenarios/builtin.js'),
    import('../core/origin-policy.js'),
  ]);
  const scenario = args.scenario.file ? ((await readScenarioFile(args.scenario.value)) as ScenarioInput) : args.scenario.value;
  const emulator = await createEmulator({
    scenario,
    clock: args.clock,
    ...(args.seed !== undefined && { seed: args.seed }),
    ...(args.storage && { storage: args.storage }),
    ...(args.data !== undefined && { dataDir: args.data }),
    ...(args.databaseUrl !== undefined && { databaseUrl: args.databaseUrl }),
    ...(args.databaseSchema !== undefined && { databaseSchema: args.databaseSchema }),
    ...(args.fresh && { fresh: true }),
    ...(args.now !== undefined && { now: args.now }),
    ...(args.issuer !== undefined && { issuer: args.issuer }),
    ...(args.allowedOrigins.length > 0 && { allowedOrigins: args.allowedOrigins }),
    onInternalError: (err) => console.error(err),
  });
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(emulator, { port: args.port, host: args.host, ...(args.allowedHosts.length > 0 && { allowedHosts: args.allowedHosts }) });
  } catch (err) {
    await emulator.close().catch(() => undefined);
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new CliFailure(`port ${args.port} on ${args.host} is taken; pass --port 0 for any free port, or choose another --port`);
    if (code === 'EACCES') throw new CliFailure(`port ${args.port} on ${args.host} needs privileges; pass --port 0 for any free port, or a port above 1023`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CliFailure(`cannot bind --host ${args.host}: no such local address`);
    throw err;
  }
  if (emulator.resumed) {
    console.error(`service-emulator: resumed the world kept in ${args.data} (scenario "${emulator.handles.scenario}"); --fresh loads the scenario instead`);
  }
  if (!hostGuard(args.host, args.allowedHosts)) {
    console.error(`service-emulator: bound to ${args.host}, not loopback: any Host is answered and anyone who can reach it may use the control API (see docs/security.md)`);
  }
  announce(`service-emulator listening on ${server.url}`);
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

async function check(file: string): Promise<number> {
  const [{ readScenarioFile }, { checkScenario }] = await Promise.all([import('../scenarios/builtin.js'), import('../scenarios/validate.js')]);
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
    case 'serve': {
      const { values } = parse('serve', rest, SERVE_OPTIONS);
      if (values.help) return say(HELP_TEXT.serve!).then(() => 0);
      await serve(checkServe(values));
      return -1;
    }
    case 'scenarios': {
      const { values } = parse('scenarios', rest, { help: { type: 'boolean', short: 'h' } });
      if (values.help) return say(HELP_TEXT.scenarios!).then(() => 0);
      const { listBuiltinScenarios } = await import('../scenarios/builtin.js');
      await say((await listBuiltinScenarios()).map(({ name, description }) => `${name.padEnd(22)} ${description}\n`).join(''));
      return 0;
    }
    case 'openapi': {
      const { values } = parse('openapi', rest, { help: { type: 'boolean', short: 'h' } });
      if (values.help) return say(HELP_TEXT.openapi!).then(() => 0);
      const { createEmulator } = await import('../emulator/create-emulator.js');
      // Only the route tables matter here: whichever driver loads, and no fallback notice.
      const emulator = await createEmulator({ scenario: 'empty', vectorSearch: 'exact', onNotice: () => undefined });
      // process.exit would cut a large document short on a pipe: wait until it is written.
      await say(`${JSON.stringify(emulator.openApi(), null, 2)}\n`);
      await emulator.close();
      return 0;
    }
    case 'check': {
      const { values, positionals } = parse('check', rest, { help: { type: 'boolean', short: 'h' } }, true);
      if (values.help) return say(HELP_TEXT.check!).then(() => 0);
      if (positionals.length !== 1) throw new UsageError(positionals.length ? 'check takes one FILE' : 'check needs a FILE', 'check');
      return check(positionals[0]!);
    }
    case 'exec':
      return (await import('./exec.js')).runExec(rest);
    case 'conform':
      return (await import('./conform.js')).conform(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h': {
      const topic = command === 'help' ? rest[0] : undefined;
      if (topic !== undefined && !HELP_TEXT[topic]) throw new UsageError(`no command "${topic}"`);
      await say(topic ? HELP_TEXT[topic]! : USAGE);
      return 0;
    }
    case '--version':
    case '-v':
    case 'version':
      await say(`${VERSION}\n`);
      return 0;
    default:
      throw new UsageError(command.startsWith('-') ? `unknown option "${command}" (a command comes first)` : `unknown command "${command}"`);
  }
}

/** Any failure as one line: what went wrong and, for a usage mistake, where the help is. */
async function oneLine(err: unknown): Promise<{ line: string; code: number }> {
  if (err instanceof UsageError) {
    return { line: `${err.message}; see service-emulator ${err.command ? `${err.command} ` : ''}--help`, code: 2 };
  }
  if (err instanceof CliFailure) return { line: err.message, code: 1 };
  const { EmulatorError } = await import('../core/errors.js');
  if (err instanceof EmulatorError) {
    const issues = (err.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
    const shown = issues.slice(0, 3).map((i) => `${i.path || '(root)'}: ${i.message}`);
    if (issues.length > 3) shown.push(`${issues.length - 3} more (service-emulator check FILE lists them all)`);
    return { line: [err.message.replace(/\.$/, ''), ...shown].join('; '), code: 1 };
  }
  // DataDirError, StorageUnavailableError, a missing scenario file...: their messages are for users.
  return { line: err instanceof Error ? err.message : String(err), code: 1 };
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  async (err: unknown) => {
    const { line, code } = await oneLine(err);
    console.error(`service-emulator: ${line.replace(/\s*\n\s*/g, ' ')}`);
    if (process.env.SERVICE_EMULATOR_DEBUG && err instanceof Error) console.error(err.stack);
    process.exit(code);
  },
);
