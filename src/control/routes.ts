// The /__emulator control API (contract section 4): health, reset, scenario, clock, jobs, tokens;
// the scenario list, faults, the request journal, state export/import, the RAG pipeline view and
// the dashboard page have their own files.
// The same operations as the JS API; no auth; never inside a request transaction.
import { defineRoute, type RouteDef } from '../core/route.js';
import type { ControlPort } from './port.js';
import { VERSION } from '../version.js';
import { ClockChangeSchema, ResetSchema, ScenarioBodySchema, TokenRequestSchema } from './schema.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { dashboardDataRoutes } from './dashboard/data-routes.js';
import { faultRoutes } from './faults.js';
import { journalRoutes } from './journal.js';
import { mailboxRoutes } from './mailbox.js';
import { ragFileStateRoutes } from './rag-files.js';
import { scenarioRoutes } from './scenarios.js';
import { stateRoutes } from './state.js';
import { worldRoutes } from './worlds.js';

const TAG = 'emulator-control';
const control = { tag: TAG, auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;

export function clockAnswer(world: ControlPort) {
  return { mode: world.clock.mode, now: world.clock.now(), iso: world.clock.iso() };
}

export function controlRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/health',
      summary: 'Emulator status, storage driver, seed and clock',
      handler: () => ({
        status: 'ok',
        version: VERSION,
        storage: world.storage.kind,
        seed: world.random.seed,
        scenario: world.scenario.name,
        clock: { mode: world.clock.mode, now: world.clock.now() },
      }),
    }),
    defineRoute({
      ...control,
      method: 'POST',
      path: '/__emulator/reset',
      summary: 'Back to the last loaded scenario, or to the one named',
      body: ResetSchema,
      bodyOptional: true,
      handler: ({ body }) => world.resetTo(body),
    }),
    defineRoute({
      ...control,
      method: 'POST',
      path: '/__emulator/scenario',
      summary: 'Replace all state with a built-in scenario ({name}) or a whole document',
      body: ScenarioBodySchema,
      handler: ({ body }) => world.loadDocument(body),
    }),
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/clock',
      summary: 'The emulator clock',
      handler: () => clockAnswer(world),
    }),
    defineRoute({
      ...control,
      method: 'POST',
      path: '/__emulator/clock',
      summary: 'Advance or set the clock (running due work), or switch its mode',
      body: ClockChangeSchema,
      handler: async ({ body }) => {
        await world.changeClock(body);
        return clockAnswer(world);
      },
    }),
    defineRoute({
      ...control,
      method: 'POST',
      path: '/__emulator/jobs/flush',
      summary: 'Advance the clock until no scheduled work is left',
      bodyOptional: true,
      handler: async () => {
        const ran = await world.scheduler.flush();
        return { now: world.clock.now(), ran };
      },
    }),
    defineRoute({
      ...control,
      method: 'POST',
      path: '/__emulator/tokens',
      summary: 'Mint a Bearer JWT for a user, signed by the emulator',
      body: TokenRequestSchema,
      handler: ({ body }) => world.issueToken(body.userId, body.expiresInSec),
    }),
    ...scenarioRoutes(world),
    ...faultRoutes(world),
    ...journalRoutes(world),
    ...mailboxRoutes(world),
    ...stateRoutes(world),
    ...ragFileStateRoutes(world),
    ...worldRoutes(world),
    ...dashboardRoutes(),
    ...dashboardDataRoutes(world),
  ];
}
