// A test harness over one emulator, for any test runner: start it behind MSW, reset it to its
// scenario between tests, stop it. Node only (it uses msw/node). State belongs to the instance,
// so each test file (and each parallel worker) gets its own independent emulator.
import { setupServer } from 'msw/node';
import { createHandlers, DEFAULT_BASE_URL } from '../adapters/msw.js';
import type { ClockMode } from '../clock/clock.js';
import { createEmulator, type EmulatorOptions } from '../emulator/create-emulator.js';
import type { Emulator } from '../emulator/emulator.js';
import type { Handles } from '../scenarios/handles.js';
import type { Scenario } from '../scenarios/schema.js';
import { createRemoteWorld } from './remote-world.js';

type SetupServerApi = ReturnType<typeof setupServer>;

export interface TestEmulatorOptions extends EmulatorOptions {
  /** Where the emulated service "lives" for the code under test. Default `http://127.0.0.1:4010`. */
  baseUrl?: string;
  /** What MSW does with requests to other hosts; MSW's own default, `warn`, unless set. */
  onUnhandledRequest?: 'error' | 'warn' | 'bypass';
  /**
   * A running server (`service-emulator serve`) shared by several test workers, instead of an
   * in-process emulator: this test file gets its own world there (docs/worlds.md), which MSW
   * forwards `baseUrl` to. Default: the `SERVICE_EMULATOR_URL` environment variable, if set.
   */
  serverUrl?: string;
  /** With an in-process emulator: answer from a new world of it (`emulator.createWorld`) instead of the default one. */
  world?: boolean;
}

export interface TestEmulator {
  /** The running emulator (after `start`). */
  readonly emulator: Emulator;
  /** The scenario's handles: ids, key secrets, user tokens. */
  readonly handles: Handles;
  /** The MSW server, for `server.use(...)` overrides (reset after each test). */
  readonly server: SetupServerApi;
  readonly baseUrl: string;
  /** The id of the world the tests talk to (`default` unless a world was created for them). */
  readonly world: string;
  /** Calls the control API (`/__emulator/...`) of that world. */
  control(path: string, init?: RequestInit): Promise<Response>;
  /** `baseUrl` + path. */
  url(path: string): string;
  /** The secret of an API key by id; the first key of the first workspace when no id is given. */
  key(id?: string): string;
  start(): Promise<void>;
  /** Back to the scenario (data, clock, clock mode), no fault rules, an empty journal, no MSW overrides. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export function createTestEmulator(options: TestEmulatorOptions = {}): TestEmulator {
  const { baseUrl = DEFAULT_BASE_URL, onUnhandledRequest = 'warn', serverUrl = process.env.SERVICE_EMULATOR_URL, world: ownWorld, ...emulatorOptions } = options;
  const base = baseUrl.replace(/\/+$/, '');
  if (serverUrl) return createRemoteWorld(serverUrl, base, options);
  /** The emulator itself, kept to close it when the tests answer from one of its worlds. */
  let root: Emulator | undefined;
  let emulator: Emulator | undefined;
  let server: SetupServerApi | undefined;
  let bootScenario: Scenario | undefined;
  let bootMode: ClockMode = 'manual';

  const running = (): Emulator => {
    if (!emulator) throw new Error('The test emulator is not started: call start() (useEmulator does it in beforeAll)');
    return emulator;
  };

  return {
    get emulator() {
      return running();
    },
    get handles() {
      return running().handles;
    },
    get server() {
      if (!server) throw new Error('The test emulator is not started');
      return server;
    },
    baseUrl: base,
    get world() {
      return running().id;
    },
    control: (path, init) => running().fetch(new Request(`${base}${path}`, init)),
    url: (path) => `${base}${path.startsWith('/') ? path : `/${path}`}`,
    key(id) {
      const workspaces = running().handles.workspaces;
      const key = id === undefined ? workspaces[0]?.apiKeys[0] : workspaces.flatMap((ws) => ws.apiKeys).find((k) => k.id === id);
      if (!key?.secret) throw new Error(`No API key ${id ?? '(first)'} with a known secret in the scenario`);
      return key.secret;
    },
    async start() {
      if (emulator) return;
      root = await createEmulator(emulatorOptions);
      emulator = ownWorld ? await root.createWorld({ scenario: root.scenario, seed: root.seed }) : root;
      bootScenario = emulator.scenario;
      bootMode = emulator.clock.mode;
      const made = setupServer(...createHandlers(root, { baseUrl: base, ...(emulator !== root && { world: emulator.id }) }));
      made.listen({ onUnhandledRequest });
      server = made;
    },
    async reset() {
      const current = running();
      server?.resetHandlers();
      if (current.clock.mode !== bootMode) await current.clock.setMode(bootMode);
      // A test that loaded another scenario gets the boot one back (seed and `now` overrides included).
      if (bootScenario && current.scenario !== bootScenario) {
        await current.loadScenario(bootScenario);
        bootScenario = current.scenario;
      } else await current.reset();
    },
    async stop() {
      server?.close();
      server = undefined;
      await root?.close();
      root = undefined;
      emulator = undefined;
    },
  };
}
