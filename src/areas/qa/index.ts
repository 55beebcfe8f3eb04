// The QA area (spec tag `qa`, with the command-line group `trust`): its public entry and definition.
import { defineArea } from '../../core/area.js';
import { portsFromAreas } from './ports-from-areas.js';
import { RUN_STEP_JOB } from './run-engine.js';
import { qaRunRoutes } from './run-routes.js';
import { QaSectionSchema, loadQaSuites, type QaSection } from './scenario.js';
import { QaService } from './service.js';
import { qaSuiteRoutes } from './suite-routes.js';
import { QaSuiteStore } from './suite-store.js';
import { QA_TABLES } from './tables.js';
import { trustRoutes } from './trust-routes.js';

export { QaService } from './service.js';

declare module '../../core/area.js' {
  interface AreaApis {
    qa: QaService;
  }
}

export const qaArea = defineArea<QaService, QaSection>({
  name: 'qa',
  tables: QA_TABLES,
  uses: ['releases', 'chat', 'arena-presets'],
  create: (ctx) => new QaService(ctx.deps, portsFromAreas(ctx)),
  routes: (qa) => [...qaSuiteRoutes(qa), ...qaRunRoutes(qa), ...trustRoutes(qa)],
  jobs: (qa) => ({ [RUN_STEP_JOB]: (payload) => qa.engine.step(String(payload.runId)) }),
  scenario: { key: 'qaSuites', schema: QaSectionSchema, load: (section, at, qa) => loadQaSuites(section, at.workspaceId, qa) },
  // A clone carries the suites and their tests (new ids), not their runs: definitions come along, run history stays.
  onWorkspaceClone: async (fromId, toId, qa) => {
    for (const suite of await qa.suites.list(fromId)) await qa.suites.import(toId, QaSuiteStore.document(suite));
  },
});
