// GET / POST / DELETE /__emulator/faults: list, add and clear fault rules (contract section 4).
import { notFound } from '../core/errors.js';
import { lazySchema } from '../types/lazy-schema.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import type { ControlPort } from './port.js';
import { FaultListSchema, FaultParamsSchema, FaultRuleSchema, FaultViewSchema } from './fault-schema.js';
import { z } from 'zod';

const control = { tag: 'emulator-control', auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;
const Cleared = lazySchema(() => z.object({ cleared: z.number().int() }));

export function faultRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/faults',
      summary: 'The fault rules in force, in the order they are tried',
      response: FaultListSchema,
      handler: () => {
        const data = world.faults.list();
        return { data, hasMore: false, total: data.length };
      },
    }),
    defineRoute({
      ...control,
      method: 'POST',
      path: '/__emulator/faults',
      summary: 'Add a fault rule: latency, an error answer or a dropped connection for matching requests',
      body: FaultRuleSchema,
      response: FaultViewSchema,
      status: 201,
      handler: ({ body }) => world.faults.add(body),
    }),
    defineRoute({
      ...control,
      method: 'DELETE',
      path: '/__emulator/faults',
      summary: 'Remove every fault rule',
      response: Cleared,
      handler: () => ({ cleared: world.faults.clear() }),
    }),
    defineRoute({
      ...control,
      method: 'DELETE',
      path: '/__emulator/faults/:faultId',
      summary: 'Remove one fault rule',
      params: FaultParamsSchema,
      response: lazySchema(() => z.object({ removed: z.string() })),
      handler: ({ params }) => {
        if (!world.faults.remove(params.faultId)) throw notFound('Fault rule');
        return { removed: params.faultId };
      },
    }),
  ];
}
