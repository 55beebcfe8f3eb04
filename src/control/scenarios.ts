// GET /__emulator/scenarios: the scenarios that can be loaded by name, and the one loaded now.
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import type { ControlPort } from './port.js';

const control = { tag: 'emulator-control', auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;

export const ScenarioListSchema = lazySchema(() => z.object({
  /** The name of the scenario loaded now (a whole document keeps its own name). */
  current: z.string(),
  data: z.array(z.object({ name: z.string(), description: z.string() })),
  hasMore: z.boolean(),
  total: z.number().int(),
}));

export function scenarioRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/scenarios',
      summary: 'The scenarios POST /__emulator/scenario can load by name, and the name of the one loaded now',
      response: ScenarioListSchema,
      handler: async () => {
        const { current, available } = await world.scenarios();
        return { current, data: available, hasMore: false, total: available.length };
      },
    }),
  ];
}
