// POST / GET / DELETE /__emulator/worlds: isolated worlds in one emulator (docs/worlds.md). A
// request picks its world with the `x-emulator-world` header; these routes act on the registry.
import { EmulatorError } from '../core/errors.js';
import { lazySchema } from '../types/lazy-schema.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import type { ControlPort, WorldsPort } from './port.js';
import { z } from 'zod';

const control = { tag: 'emulator-control', auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;

/** The header a request names its world with; absent, the default world answers. */
export const WORLD_HEADER = 'x-emulator-world';

export const WorldCreateSchema = lazySchema(() => z
  .object({
    /** A built-in scenario name, or a whole scenario document. */
    scenario: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
  })
  .strict());

const WorldInfoSchema = lazySchema(() => z.object({ id: z.string(), scenario: z.string(), seed: z.number().int(), createdAt: z.string() }));
const WorldParamsSchema = lazySchema(() => z.object({ worldId: z.string().min(1) }));

function registry(world: ControlPort): WorldsPort {
  if (!world.worlds) throw new EmulatorError('NOT_FOUND', 'This emulator keeps no other worlds');
  return world.worlds;
}

export function worldRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'POST',
      path: '/__emulator/worlds',
      summary: 'Create an isolated world from a scenario (name or whole document) and a seed',
      body: WorldCreateSchema,
      bodyOptional: true,
      response: WorldInfoSchema,
      status: 201,
      handler: ({ body }) => registry(world).create(body ?? {}),
    }),
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/worlds',
      summary: 'Every world of this emulator, the default world first',
      response: lazySchema(() => z.object({ worlds: z.array(WorldInfoSchema) })),
      handler: async () => {
        const worlds = registry(world);
        await worlds.refresh?.();
        return { worlds: worlds.list() };
      },
    }),
    defineRoute({
      ...control,
      method: 'DELETE',
      path: '/__emulator/worlds/:worldId',
      summary: 'Delete a created world and free its storage (the default world cannot be deleted)',
      params: WorldParamsSchema,
      status: 204,
      handler: async ({ params }) => {
        await registry(world).delete(params.worldId);
        return new Response(null, { status: 204 });
      },
    }),
  ];
}
