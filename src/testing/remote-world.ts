// The test harness over a world of a running server (`service-emulator serve`) that several test
// workers share: each test file gets its own world there (POST /__emulator/worlds), MSW forwards
// the code under test's requests to it with the `x-emulator-world` header, and the world is
// deleted when the file ends. Parallel workers thus never see each other's state.
import { bypass, http } from 'msw';
import { setupServer } from 'msw/node';
import type { Emulator } from '../emulator/emulator.js';
import type { Handles } from '../scenarios/handles.js';
import type { TestEmulator, TestEmulatorOptions } from './harness.js';

const WORLD_HEADER = 'x-emulator-world';

/** The server's answer, or an Error naming the call and what the server said. */
async function ok(res: Response, what: string): Promise<Response> {
  if (res.ok) return res;
  throw new Error(`${what}: ${res.status} ${await res.text()}`);
}

export function createRemoteWorld(serverUrl: string, base: string, options: TestEmulatorOptions): TestEmulator {
  const server = serverUrl.replace(/\/+$/, '');
  const { onUnhandledRequest = 'warn', scenario, seed } = options;
  let world: string | undefined;
  let handles: Handles | undefined;
  let msw: ReturnType<typeof setupServer> | undefined;

  const running = (): string => {
    if (!world) throw new Error('The test world is not started: call start() (useEmulator does it in beforeAll)');
    return world;
  };
  /** A control call on this file's world, past MSW. */
  const control = (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (world) headers.set(WORLD_HEADER, world);
    if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(bypass(new Request(`${server}${path}`, { ...init, headers })));
  };
  /** The code under test's request, sent on to the world. */
  const forward = async (request: Request): Promise<Response> => {
    const headers = new Headers(request.headers);
    headers.set(WORLD_HEADER, running());
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(bypass(new Request(`${server}${request.url.slice(base.length)}`, { method: request.method, headers, body, redirect: 'manual' })));
  };

  return {
    get emulator(): Emulator {
      throw new Error('A world on a shared server has no in-process emulator: use env.control(path, init) for the control API');
    },
    get handles() {
      if (!handles) throw new Error('The test world is not started');
      return handles;
    },
    get server() {
      if (!msw) throw new Error('The test world is not started');
      return msw;
    },
    get world() {
      return running();
    },
    baseUrl: base,
    url: (path) => `${base}${path.startsWith('/') ? path : `/${path}`}`,
    key(id) {
      if (!handles) throw new Error('The test world is not started');
      const workspaces = handles.workspaces;
      const key = id === undefined ? workspaces[0]?.apiKeys[0] : workspaces.flatMap((ws) => ws.apiKeys).find((k) => k.id === id);
      if (!key?.secret) throw new Error(`No API key ${id ?? '(first)'} with a known secret in the scenario`);
      return key.secret;
    },
    control,
    async start() {
      if (world) return;
      const body = { ...(scenario !== undefined && { scenario }), ...(seed !== undefined && { seed }) };
      const created = await ok(await control('/__emulator/worlds', { method: 'POST', body: JSON.stringify(body) }), 'creating a world');
      world = ((await created.json()) as { id: string }).id;
      handles = (await (await ok(await control('/__emulator/reset', { method: 'POST' }), 'reading the world')).json()) as Handles;
      msw = setupServer(http.all(({ request }) => request.url === base || (request.url.startsWith(base) && /^[/?#]/.test(request.url.slice(base.length))), ({ request }) => forward(request)));
      msw.listen({ onUnhandledRequest });
    },
    async reset() {
      msw?.resetHandlers();
      handles = (await (await ok(await control('/__emulator/reset', { method: 'POST' }), 'resetting the world')).json()) as Handles;
    },
    async stop() {
      msw?.close();
      msw = undefined;
      if (world) await control(`/__emulator/worlds/${world}`, { method: 'DELETE' });
      world = undefined;
    },
  };
}
