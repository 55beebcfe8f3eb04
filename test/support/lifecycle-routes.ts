// The model-lifecycle routes as a table for the input contract suite: per route (keyed as the
// OpenAPI document names it) a valid request built from one workspace's ids, the bad inputs with
// the field each 400 must name, and for routes whose ids ride in the body the status an unknown id
// answers. A route of these tags missing here fails the suite (test/contract/lifecycle-inputs…).
import { FULL_KEY, OTHER_KEY, RAG_ONLY_KEY, modelScenario } from './model-scenario.js';

/** The OpenAPI tags of the lifecycle areas this table covers (model-edits and threads are another lane's). */
export const LIFECYCLE_TAGS = ['training-data', 'fine-tune', 'qa', 'trust', 'arena-preset', 'style-pattern', 'workspaces/:workspaceId/chat'];

const ids = (s: string, ws: string, release: string, release2: string, file: string, transcript: string, collection: string) => ({
  workspaceId: ws,
  trainingDataId: `td_${s}`,
  fineTuneId: `ft_${s}`,
  suiteId: `qs_${s}`,
  testId: `qt_${s}`,
  runId: `qr_${s}`,
  trustRunId: `qr_trust_${s}`,
  presetId: `ap_${s}`,
  patternId: `sp_${s}`,
  releaseId: release,
  releaseId2: release2,
  fileId: file,
  transcriptId: transcript,
  collectionId: collection,
});
export type Ids = ReturnType<typeof ids>;
/** Workspace A (the caller's), workspace B (another tenant's), and ids nobody has. */
export const A = ids('a', 'ws_acme', 'rel_help', 'rel_two', 'file_guide', 'tr_support', 'vec_guide');
export const B = ids('b', 'ws_globex', 'rel_globex', 'rel_globex_two', 'file_b', 'tr_b', 'vec_b');
export const UNKNOWN: Ids = Object.fromEntries(Object.keys(A).map((k) => [k, `nope_${k}`])) as Ids;
/** A's full key; a key of A without any lifecycle scope (rag only). */
export const KEYS = { full: FULL_KEY, unscoped: RAG_ONLY_KEY, other: OTHER_KEY };

const pairs = Array.from({ length: 10 }, (_, i) => ({ question: `Question ${i}?`, answer: `Answer ${i}.` }));
const sections = (x: Ids) => ({
  trainingData: [{ id: x.trainingDataId, title: 'Pairs', pairs }],
  fineTunes: [{ id: x.fineTuneId, baseModel: 'gpt-4o-mini', trainingData: x.trainingDataId }],
  arenaPresets: [{ id: x.presetId, title: 'Pair', variants: [{ releaseId: x.releaseId }, { releaseId: x.releaseId2 }] }],
  stylePatterns: [{ id: x.patternId, title: 'Brief', rules: ['Be brief.'], releaseIds: [x.releaseId] }],
  qaSuites: [
    {
      id: x.suiteId,
      title: 'Suite',
      tests: [{ id: x.testId, question: 'How do invitations expire?', expectedAnswer: 'After seven days.' }],
      runs: [
        { id: x.runId, releaseIds: [x.releaseId], status: 'completed' },
        { id: x.trustRunId, kind: 'trust', releaseIds: [x.releaseId], status: 'completed' },
      ],
    },
  ],
});
const [acme, globex] = modelScenario.workspaces as unknown as [Record<string, any>, Record<string, any>];
/** modelScenario with every kind of lifecycle record in both workspaces (ids from A and B). */
export const inputsScenario = {
  ...modelScenario,
  name: 'lifecycle-inputs',
  workspaces: [
    { ...acme, releases: [...acme.releases, { id: 'rel_two', name: 'Two', status: 'active', config: { model: 'gpt-4o' } }], ...sections(A) },
    {
      ...globex,
      releases: [...globex.releases, { id: 'rel_globex_two', name: 'Globex two', status: 'active', config: { model: 'gpt-4o-mini' } }],
      rag: { targets: [{ id: 'vec_b', title: 'B docs', files: [{ id: 'file_b', title: 'B', content: 'Globex ships rockets. Rockets need fuel.', state: 'searchable' }] }] },
      transcripts: [{ id: 'tr_b', title: 'B chat', messages: [{ role: 'user', content: 'Hi?' }, { role: 'assistant', content: 'Hello.' }] }],
      ...sections(B),
    },
  ],
};

export interface Bad {
  body?: unknown;
  query?: string;
  params?: Record<string, string>;
  /** The field the 400 names (`body.x`, `query.x`, `params.x`). */
  field: string;
}

export interface RouteCase {
  /** Path parameter -> key of the id set (default: the parameter's own name). */
  params?: Record<string, keyof Ids>;
  body?: (x: Ids) => unknown;
  query?: string;
  bad: Bad[];
  /** A route whose ids ride in the body: what an unknown id answers (B's ids must answer the same). */
  foreign?: number;
}

const LONG = 'x'.repeat(201);
const badParam = (name: string): Bad => ({ params: { [name]: LONG }, field: `params.${name}` });
const badLimit: Bad = { query: 'limit=0', field: 'query.limit' };
const msg = [{ role: 'user', content: 'How do invitations expire?' }];

export const CASES: Record<string, RouteCase> = {
  // Training data
  'GET /api/v1/training-data': { bad: [badLimit] },
  'POST /api/v1/training-data/generate': {
    body: (x) => ({ fileIds: [x.fileId] }),
    bad: [
      { body: {}, field: 'body.fileIds' },
      { body: { fileIds: [] }, field: 'body.fileIds' },
      { body: { transcriptIds: ['tr_support'], maxPairs: 0 }, field: 'body.maxPairs' },
      { body: { ragVectorId: 'vec_guide', title: '' }, field: 'body.title' },
    ],
    // An unknown source, and another workspace's, are a bad `fileIds[0]` (400 naming it), alike.
    foreign: 400,
  },
  'GET /api/v1/training-data/{trainingDataId}': { bad: [badParam('trainingDataId')] },
  'DELETE /api/v1/training-data/{trainingDataId}': { bad: [badParam('trainingDataId')] },
  'GET /api/v1/training-data/{trainingDataId}/status': { bad: [badParam('trainingDataId')] },
  'GET /api/v1/training-data/{trainingDataId}/pairs': { bad: [{ query: 'limit=abc', field: 'query.limit' }, badParam('trainingDataId')] },
  'GET /api/v1/training-data/{trainingDataId}/export': { bad: [{ query: 'format=xml', field: 'query.format' }] },
  'POST /api/v1/training-data/{trainingDataId}/export-to-rag': {
    body: (x) => ({ ragVectorId: x.collectionId }),
    bad: [
      { body: {}, field: 'body.ragVectorId' },
      { body: { ragVectorId: 'vec_export', title: ' ' }, field: 'body.title' },
    ],
  },
  // Fine-tune
  'GET /api/v1/fine-tune': { bad: [badLimit] },
  'POST /api/v1/fine-tune': {
    body: (x) => ({ baseModel: 'gpt-4o-mini', trainingData: x.trainingDataId }),
    bad: [
      { body: { baseModel: 'gpt-99', trainingData: 'td_a' }, field: 'body.baseModel' },
      { body: { baseModel: 'gpt-4o' }, field: 'body.trainingData' },
      { body: { baseModel: 'gpt-4o', trainingData: 'td_a', epochs: 21 }, field: 'body.epochs' },
      { body: { baseModel: 'gpt-4o', trainingData: 'td_a', start: 'yes' }, field: 'body.start' },
    ],
    // An unknown set, and another workspace's, are a bad `trainingData` (400 naming it), alike.
    foreign: 400,
  },
  'POST /api/v1/fine-tune/copy-from': {
    body: (x) => ({ sourceWorkspaceId: x.workspaceId, fineTuneId: x.fineTuneId }),
    bad: [
      { body: { sourceWorkspaceId: 'ws_acme' }, field: 'body.fineTuneId' },
      { body: { sourceWorkspaceId: '', fineTuneId: 'ft_a' }, field: 'body.sourceWorkspaceId' },
    ],
    foreign: 404,
  },
  'GET /api/v1/fine-tune/{fineTuneId}': { bad: [badParam('fineTuneId')] },
  'DELETE /api/v1/fine-tune/{fineTuneId}': { bad: [badParam('fineTuneId')] },
  'GET /api/v1/fine-tune/{fineTuneId}/status': { bad: [badParam('fineTuneId')] },
  'POST /api/v1/fine-tune/{fineTuneId}/start': { bad: [badParam('fineTuneId')] },
  'POST /api/v1/fine-tune/{fineTuneId}/cancel': { bad: [badParam('fineTuneId')] },
  'POST /api/v1/fine-tune/{fineTuneId}/export-to-qa': {
    body: () => ({ limit: 5 }),
    bad: [
      { body: { limit: 0 }, field: 'body.limit' },
      { body: { passThreshold: 1.5 }, field: 'body.passThreshold' },
      { body: { title: '' }, field: 'body.title' },
    ],
  },
  // Workspace chat
  'POST /api/v1/workspaces/{workspaceId}/chat/completions': {
    body: () => ({ messages: msg }),
    bad: [
      { body: { messages: [] }, field: 'body.messages' },
      { body: { messages: [{ role: 'bot', content: 'x' }] }, field: 'body.messages[0].role' },
      { body: { messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: 'y' }] }, field: 'body.messages' },
      { body: { messages: msg, stream: 'yes' }, field: 'body.stream' },
    ],
  },
  // QA suites and tests
  'GET /api/v1/qa/suites': { bad: [badLimit] },
  'POST /api/v1/qa/suites': {
    body: () => ({ title: 'New suite' }),
    bad: [
      { body: {}, field: 'body.title' },
      { body: { title: 'T', passThreshold: 1.5 }, field: 'body.passThreshold' },
      { body: { title: 'T', tests: [{ question: 'Q?' }] }, field: 'body.tests[0].expectedAnswer' },
    ],
  },
  'POST /api/v1/qa/suites/import': {
    body: () => ({ format: 'service-emulator.qa-suite', version: 1, title: 'Imported', passThreshold: 0.2, tests: [] }),
    bad: [
      { body: { format: 'service-emulator.qa-suite', version: 2, title: 'I', passThreshold: 0.2, tests: [] }, field: 'body.version' },
      { body: { format: 'service-emulator.qa-suite', version: 1, passThreshold: 0.2, tests: [] }, field: 'body.title' },
    ],
  },
  'GET /api/v1/qa/suites/{suiteId}': { bad: [badParam('suiteId')] },
  'PATCH /api/v1/qa/suites/{suiteId}': {
    body: () => ({ title: 'Renamed' }),
    bad: [
      { body: { passThreshold: -1 }, field: 'body.passThreshold' },
      { body: { title: '' }, field: 'body.title' },
    ],
  },
  'DELETE /api/v1/qa/suites/{suiteId}': { bad: [badParam('suiteId')] },
  'POST /api/v1/qa/suites/{suiteId}/tests': {
    body: () => ({ question: 'Q?', expectedAnswer: 'A.' }),
    bad: [{ body: { question: 'Q?' }, field: 'body.expectedAnswer' }],
  },
  'PATCH /api/v1/qa/suites/{suiteId}/tests/{testId}': {
    body: () => ({ question: 'Q2?' }),
    bad: [{ body: { criteria: [''] }, field: 'body.criteria[0]' }],
  },
  'DELETE /api/v1/qa/suites/{suiteId}/tests/{testId}': { bad: [badParam('testId')] },
  'GET /api/v1/qa/suites/{suiteId}/export': { bad: [badParam('suiteId')] },
  'POST /api/v1/qa/suites/{suiteId}/estimate-run': {
    body: (x) => ({ releaseId: x.releaseId }),
    bad: [
      { body: {}, field: 'body.releaseId' },
      { body: { releaseIds: [] }, field: 'body.releaseIds' },
    ],
  },
  'POST /api/v1/qa/suites/{suiteId}/calibrate': {
    body: (x) => ({ runId: x.runId, labels: [{ resultId: 'r', passed: true }] }),
    bad: [
      { body: { runId: 'qr_a', labels: [] }, field: 'body.labels' },
      { body: { runId: 'qr_a', labels: [{ resultId: 'r', passed: 'yes' }] }, field: 'body.labels[0].passed' },
    ],
  },
  // QA runs
  'GET /api/v1/qa/runs': { bad: [{ query: 'status=sleeping', field: 'query.status' }, badLimit] },
  'POST /api/v1/qa/runs': {
    body: (x) => ({ suiteId: x.suiteId, releaseId: x.releaseId }),
    bad: [
      { body: { suiteId: 'qs_a' }, field: 'body.releaseId' },
      { body: { suiteId: 'qs_a', releaseId: 'rel_help', passThreshold: 2 }, field: 'body.passThreshold' },
    ],
    foreign: 404,
  },
  'POST /api/v1/qa/multi-release-run': {
    body: (x) => ({ suiteId: x.suiteId, releaseIds: [x.releaseId, x.releaseId2] }),
    bad: [
      { body: { suiteId: 'qs_a', releaseIds: ['rel_help'] }, field: 'body.releaseIds' },
      { body: { suiteId: 'qs_a', releaseIds: ['rel_help', 'rel_help'] }, field: 'body.releaseIds' },
    ],
    foreign: 404,
  },
  'POST /api/v1/qa/arena-run': {
    body: (x) => ({ suiteId: x.suiteId, presetId: x.presetId }),
    bad: [
      { body: { suiteId: 'qs_a' }, field: 'body.variants' },
      { body: { suiteId: 'qs_a', variants: [{ releaseId: 'rel_help' }] }, field: 'body.variants' },
    ],
    foreign: 404,
  },
  'GET /api/v1/qa/runs/{runId}': { bad: [badParam('runId')] },
  'POST /api/v1/qa/runs/{runId}/cancel': { bad: [badParam('runId')] },
  // Trust runs
  'GET /api/v1/trust/runs': { bad: [badLimit] },
  'POST /api/v1/trust/runs': {
    body: (x) => ({ suiteId: x.suiteId, releaseId: x.releaseId }),
    bad: [{ body: { releaseId: 'rel_help' }, field: 'body.suiteId' }],
    foreign: 404,
  },
  'GET /api/v1/trust/runs/{runId}': { params: { runId: 'trustRunId' }, bad: [badParam('runId')] },
  // Arena presets
  'GET /api/v1/arena-presets': { bad: [badLimit] },
  'POST /api/v1/arena-presets': {
    body: (x) => ({ title: 'Preset', variants: [{ releaseId: x.releaseId }, { releaseId: x.releaseId2 }] }),
    bad: [
      { body: { title: 'P', variants: [{ releaseId: 'rel_help' }] }, field: 'body.variants' },
      { body: { title: 'P', variants: [{ releaseId: 'rel_help', temperature: 3 }, { releaseId: 'rel_help' }] }, field: 'body.variants[0].temperature' },
    ],
    foreign: 404,
  },
  'GET /api/v1/arena-presets/{presetId}': { bad: [badParam('presetId')] },
  'PATCH /api/v1/arena-presets/{presetId}': { body: () => ({ title: 'Renamed' }), bad: [{ body: { variants: [] }, field: 'body.variants' }] },
  'DELETE /api/v1/arena-presets/{presetId}': { bad: [badParam('presetId')] },
  // Style patterns
  'GET /api/v1/style-patterns': { bad: [{ query: 'releaseId=', field: 'query.releaseId' }, badLimit] },
  'POST /api/v1/style-patterns': {
    body: (x) => ({ title: 'Pattern', rules: ['Be brief.'], releaseIds: [x.releaseId] }),
    bad: [
      { body: { title: 'S', rules: [] }, field: 'body.rules' },
      { body: { title: 'S', rules: ['x'], releaseIds: ['rel_help', 'rel_help'] }, field: 'body.releaseIds' },
    ],
    foreign: 404,
  },
  'GET /api/v1/style-patterns/{patternId}': { bad: [badParam('patternId')] },
  'PATCH /api/v1/style-patterns/{patternId}': { body: () => ({ title: 'Renamed' }), bad: [{ body: { rules: [] }, field: 'body.rules' }] },
  'DELETE /api/v1/style-patterns/{patternId}': { bad: [badParam('patternId')] },
};
