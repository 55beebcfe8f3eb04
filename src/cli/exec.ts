// `service-emulator exec [options] -- COMMAND [ARGS...]`: a command-line test suite's harness. Starts
// the emulator on a free loopback port, runs the command against it with the SERVICE_* variables,
// an empty temporary HOME and a headless BROWSER, and exits with the command's code (printing the
// request journal when the command failed).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP_TEXT, SERVE_OPTIONS, UsageError, checkServe, parse, type Parsed, type ServeArgs } from './args.js';
import { browserWrapper, childEnv, pickIdentity, type ExecIdentity } from './exec-env.js';
import { formatJournal } from './exec-journal.js';
import type { ScenarioInput } from '../scenarios/schema.js';

export const EXEC_OPTIONS = {
  ...SERVE_OPTIONS,
  'login-as': { type: 'string' },
  key: { type: 'string' },
  profile: { type: 'string' },
} as const;

interface ExecArgs {
  serve: ServeArgs;
  loginAs?: string;
  key?: string;
  profile: string;
  command: [string, ...string[]];
}

const write = (stream: NodeJS.WriteStream, text: string) => new Promise<void>((resolve) => stream.write(text, () => resolve()));

/** Debugger flags stay with exec: a second process would fight over the inspector port. */
const INSPECTOR = /^--(?:inspect|debug)/;

const LOOPBACK_HOST = /^(?:127(?:\.\d{1,3}){3}|::1|localhost)$/i;

/** Every flag checked before anything starts; a mistake is a UsageError (exit 2) naming exec. */
function checkExec(values: Parsed<typeof EXEC_OPTIONS>['values'], command: string[]): ExecArgs {
  let serve: ServeArgs;
  try {
    // exec picks a free port unless told otherwise: parallel suites never collide.
    serve = checkServe({ ...values, port: values.port ?? '0' });
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(err.message, 'exec');
    throw err;
  }
  if (!LOOPBACK_HOST.test(serve.host)) throw new UsageError(`--host must be a loopback address for exec (the command and its browser stay on this machine), not "${serve.host}"`, 'exec');
  for (const name of ['login-as', 'key'] as const) {
    if (values[name] !== undefined && values[name].trim() === '') throw new UsageError(`--${name} needs a value`, 'exec');
  }
  const profile = values.profile ?? 'emulator';
  if (!/^[A-Za-z0-9][\w.-]{0,63}$/.test(profile)) throw new UsageError(`--profile must be a name of letters, digits, ".", "_" or "-", not "${profile}"`, 'exec');
  const [program, ...args] = command;
  if (program === undefined || program === '') throw new UsageError('a command must follow "--": service-emulator exec [options] -- COMMAND [ARGS...]', 'exec');
  return {
    serve,
    ...(values['login-as'] !== undefined && { loginAs: values['login-as'] }),
    ...(values.key !== undefined && { key: values.key }),
    profile,
    command: [program, ...args],
  };
}

/** The opener script: dist/cli/browser-opener.js when built, src/cli/browser-opener.ts under tsx. */
function openerPath(): string {
  // Relative to this module in src/cli and dist/cli, and to the bundled core in dist/chunks alike.
  const built = fileURLToPath(new URL('../cli/browser-opener.js', import.meta.url));
  if (existsSync(built)) return built;
  const source = fileURLToPath(new URL('../cli/browser-opener.ts', import.meta.url));
  if (existsSync(source)) return source;
  throw new Error(`the headless browser script is missing (looked for ${built})`);
}

async function startEmulator(args: ServeArgs) {
  const [{ createEmulator }, { readScenarioFile }] = await Promise.all([import('../emulator/create-emulator.js'), import('../scenarios/builtin.js')]);
  const scenario = args.scenario.file ? ((await readScenarioFile(args.scenario.value)) as ScenarioInput) : args.scenario.value;
  return createEmulator({
    scenario,
    clock: args.clock,
    ...(args.seed !== undefined && { seed: args.seed }),
    ...(args.storage && { storage: args.storage }),
    ...(args.data !== undefined && { dataDir: args.data }),
    ...(args.fresh && { fresh: true }),
    ...(args.now !== undefined && { now: args.now }),
    ...(args.issuer !== undefined && { issuer: args.issuer }),
    ...(args.allowedOrigins.length > 0 && { allowedOrigins: args.allowedOrigins }),
    onInternalError: (err) => console.error(err),
  });
}

type Emulator = Awaited<ReturnType<typeof startEmulator>>;

function identityOf(emulator: Emulator, args: ExecArgs): ExecIdentity {
  const owners = new Map<string, string>();
  const docs = emulator.scenario.workspaces;
  emulator.handles.workspaces.forEach((ws, i) => {
    const doc = docs.find((d) => d.id === ws.id) ?? (docs[i]?.id === undefined ? docs[i] : undefined);
    if (doc) owners.set(ws.id, doc.ownerId);
  });
  return pickIdentity(emulator.handles, owners, { ...(args.key !== undefined && { key: args.key }), ...(args.loginAs !== undefined && { loginAs: args.loginAs }) });
}

/** Runs the command; resolves with its exit code (128+n for a signal, 127/126 when it cannot start). */
function runChild(command: [string, ...string[]], env: NodeJS.ProcessEnv): Promise<{ code: number; exit: string }> {
  return new Promise((resolve) => {
    // Listen before the command starts: a signal sent as soon as the command shows signs of life
    // (a busy machine may run it before this process gets the CPU back) would otherwise end this
    // process with the command orphaned. Signal events come on a later turn, when `child` is set.
    const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const forward = (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of forwarded) process.on(signal, forward);
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env });
    const done = (result: { code: number; exit: string }) => {
      for (const signal of forwarded) process.off(signal, forward);
      resolve(result);
    };
    child.once('error', (err: NodeJS.ErrnoException) => {
      const code = err.code === 'ENOENT' ? 127 : 126;
      process.stderr.write(`service-emulator exec: cannot run "${command[0]}": ${err.code === 'ENOENT' ? 'not found' : err.message}\n`);
      done({ code, exit: `could not start (${err.code ?? 'error'})` });
    });
    child.once('exit', (code, signal) => {
      if (signal) {
        const n = constants.signals[signal] ?? 0;
        done({ code: 128 + n, exit: `was ended by ${signal}` });
      } else done({ code: code ?? 1, exit: `exited ${code ?? 1}` });
    });
  });
}

/** The whole run: start, run, report, clean up. Resolves with the exit code for the process. */
export async function runExec(argv: string[]): Promise<number> {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  // Without "--", a stray word is most likely the command: say what is missing, not "unexpected".
  const { values } = parse('exec', own, EXEC_OPTIONS, split === -1);
  if (values.help) return write(process.stdout, HELP_TEXT.exec!).then(() => 0);
  if (split === -1) throw new UsageError('exec needs "--" before the command: service-emulator exec [options] -- COMMAND [ARGS...]', 'exec');
  const args = checkExec(values, argv.slice(split + 1));

  const emulator = await startEmulator(args.serve);
  let temp: string | undefined;
  let server: { url: string; close(): Promise<void> } | undefined;
  try {
    const identity = identityOf(emulator, args);
    const { startServer } = await import('../adapters/node-server.js');
    try {
      server = await startServer(emulator, { port: args.serve.port, host: args.serve.host, ...(args.serve.allowedHosts.length > 0 && { allowedHosts: args.serve.allowedHosts }) });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'EADDRINUSE') throw new Error(`port ${args.serve.port} on ${args.serve.host} is taken; leave --port out for a free one`);
      throw err;
    }
    temp = await mkdtemp(join(tmpdir(), 'service-emulator-exec-'));
    const home = join(temp, 'home');
    await mkdir(home, { mode: 0o700 });
    const browser = join(temp, 'browser');
    await writeFile(browser, browserWrapper({ node: process.execPath, execArgv: process.execArgv.filter((flag) => !INSPECTOR.test(flag)), cwd: process.cwd(), opener: openerPath(), ...(identity.loginAs !== undefined && { loginAs: identity.loginAs }) }));
    await chmod(browser, 0o755);

    emulator.requests.clear();
    const env = childEnv(process.env, { url: server.url, identity, profile: args.profile, home, browser });
    const result = await runChild(args.command, env);
    if (result.code !== 0) await write(process.stderr, formatJournal(emulator.requests.list(), result.exit));
    return result.code;
  } finally {
    await server?.close().catch(() => undefined);
    await emulator.close().catch(() => undefined);
    if (temp) await rm(temp, { recursive: true, force: true });
  }
}
