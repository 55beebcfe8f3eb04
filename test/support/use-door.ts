// useDoor: the hooks every contract suite shares (open its door on the shared emulator, start each
// test from the suite's scenario, put 'default' back and close) and the suite's calls through it.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Emulator } from '../../src/index.js';
import type { StorageKind } from '../../src/storage/storage.js';
import type { Json } from './chat-client.js';
import { keyOf, openDoor, sharedEmulator, type Door, type DoorName, type DoorView } from './doors.js';

/** A built-in scenario's name or a whole document, as `loadScenario` takes it. */
export type ScenarioChoice = Parameters<Emulator['loadScenario']>[0];

/** Who calls: a user of the loaded scenario (Bearer token), an API key secret, any other headers. */
export interface As {
  user?: string;
  key?: string;
  headers?: Record<string, string>;
}

/** An answer read whole: `body` is its JSON (undefined when it has no body), `text` the raw text. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Json;
}

/** The suite's door: readable once its beforeAll has run, that is inside hooks and tests. */
export interface SuiteDoor extends DoorView {
  /** The secret of an API key of the loaded scenario, by id. */
  key(id: string): string;
  /** The access token of a user of the loaded scenario, by id. */
  token(userId: string): string;
  /** Calls a route `as` someone, sending `body` as JSON when given (a string goes as it is). */
  call(method: string, path: string, as?: As, body?: unknown): Promise<Answer>;
  /** `call`, answering the status and the body alone: for tests that compare whole answers. */
  reply(method: string, path: string, as?: As, body?: unknown): Promise<Pick<Answer, 'status' | 'body'>>;
}

/** What each emulator was last loaded with by a suite, and the scenario that load made. */
const loads = new WeakMap<Emulator, { choice: ScenarioChoice; scenario: Emulator['scenario'] }>();

/** Resets when the emulator still holds what `choice` loaded (a reset keeps it), else loads `choice`. */
async function backTo(emulator: Emulator, choice: ScenarioChoice): Promise<void> {
  const last = loads.get(emulator);
  if (last?.choice === choice && last.scenario === emulator.scenario) {
    await emulator.reset();
    return;
  }
  await emulator.loadScenario(choice);
  loads.set(emulator, { choice, scenario: emulator.scenario });
}

function tokenOf(emulator: Emulator, userId: string): string {
  const user = emulator.handles.users.find((u) => u.id === userId);
  if (!user) throw new Error(`no user ${userId} in the handles`);
  return user.accessToken;
}

/**
 * Registers the suite's hooks and answers its door. beforeAll opens the door on the driver's shared
 * emulator; beforeEach puts the clock back in the mode it had then and the scenario back (`default`
 * unless given); afterAll does the same with `default`, for the next suite, and closes the door.
 * Call it first in the describe block, so that the suite's own beforeEach hooks run after it.
 */
export function useDoor(driver: StorageKind, doorName: DoorName, setup: { scenario?: ScenarioChoice } = {}): SuiteDoor {
  const scenario = setup.scenario ?? 'default';
  let door: Door | undefined;
  let clockMode: Emulator['clock']['mode'];
  const opened = (): Door => {
    if (!door) throw new Error(`the ${doorName} door opens in beforeAll`);
    return door;
  };
  const backToStart = async (choice: ScenarioChoice) => {
    const { emulator } = opened();
    if (emulator.clock.mode !== clockMode) await emulator.clock.setMode(clockMode);
    await backTo(emulator, choice);
  };

  beforeAll(
    async () => {
      door = await openDoor(doorName, await sharedEmulator(driver));
      clockMode = door.emulator.clock.mode;
    },
    // On postgres the first suite of a file also starts the file's throwaway cluster.
    driver === 'postgres' ? 180_000 : undefined,
  );
  beforeEach(() => backToStart(scenario));
  afterAll(async () => {
    await backToStart('default');
    await opened().close();
  });

  const call = async (method: string, path: string, as: As = {}, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { ...as.headers };
    if (as.user) headers.authorization = `Bearer ${tokenOf(opened().emulator, as.user)}`;
    if (as.key) headers['x-api-key'] = as.key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await opened().fetch(path, { method, headers, ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : undefined) as Json };
  };

  return {
    name: doorName,
    get baseUrl() {
      return opened().baseUrl;
    },
    get emulator() {
      return opened().emulator;
    },
    fetch: (path, init) => opened().fetch(path, init),
    key: (id) => keyOf(opened().emulator, id),
    token: (userId) => tokenOf(opened().emulator, userId),
    call,
    reply: async (method, path, as, body) => {
      const { status, body: json } = await call(method, path, as, body);
      return { status, body: json };
    },
  };
}
