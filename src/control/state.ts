// GET / PUT /__emulator/state: the whole state as portable JSON, and importing it back.
import { validationError } from '../core/errors.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import type { ControlPort } from './port.js';

const control = { tag: 'emulator-control', auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;

/** A state is bigger than an API body (the `large` scenario is megabytes): its own limit. */
export const MAX_STATE_BYTES = 256 * 1024 * 1024;

async function readState(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw validationError('Content-Type must be application/json', [{ path: 'body', message: `Unsupported content type "${type}"` }]);
  }
  if (Number(request.headers.get('content-length') ?? '0') > MAX_STATE_BYTES) {
    throw validationError('State too large', [{ path: 'body', message: `Body exceeds ${MAX_STATE_BYTES} bytes` }]);
  }
  const text = await request.text();
  if (text.length === 0) throw validationError('Request body is required', [{ path: 'body', message: 'Required' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError('Malformed JSON body', [{ path: 'body', message: 'Body is not valid JSON' }]);
  }
}

export function stateRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/state',
      summary: 'Export the whole state (tables, clock, random state, counters, scenario, handles) without secrets',
      handler: () => world.exportState(),
    }),
    defineRoute({
      ...control,
      method: 'PUT',
      path: '/__emulator/state',
      summary: 'Import an exported state; a newer or malformed one is a 400 and changes nothing',
      handler: async ({ request }) => world.importState(await readState(request)),
    }),
  ];
}
