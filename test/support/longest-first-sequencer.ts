// The order the two workers take the test files in: longest first, so the last files to start are
// short ones and both workers end together. Vitest orders by the durations it cached in a previous
// run, but a fresh clone (CI) has none and falls back to file size: the worlds parallel run (57 s, a
// 47-line file) started last and ran alone for its whole length.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { relative } from 'node:path';

/**
 * Seconds each file took in a full CI run on 2 cores (2026-11-25, files of 3 s or more; the
 * command tests and the worlds parallel run scaled by what the built dist/ saved them). A file not
 * named here counts as short. A stale figure only moves a file in the queue, never out of the
 * run; vitest's cached durations win.
 */
export const EXPECTED_SECONDS: Record<string, number> = {
  'test/security/tenant-walk.test.ts': 59,
  'test/browser/consumer-recipe.test.ts': 56,
  'test/browser/worker-example.test.ts': 45,
  'test/persistence.test.ts': 37,
  'test/worlds/parallel.test.ts': 30,
  'test/worlds/worlds.contract.test.ts': 29,
  'test/contract/control.contract.test.ts': 25,
  'test/docs-blocks.test.ts': 20,
  'test/cli-conform.test.ts': 18,
  'src/storage/pglite/pglite-image.test.ts': 18,
  'test/cli.test.ts': 16,
  'test/wire/local-sync.wire.test.ts': 16,
  'src/storage/storage.test.ts': 16,
  'test/examples/runners.test.ts': 15,
  'test/contract/oauth.contract.test.ts': 14,
  'test/contract/chat.contract.test.ts': 14,
  'test/openapi.test.ts': 13,
  'test/events/webhook-delivery.test.ts': 13,
  'src/storage/pglite/pglite-undo.test.ts': 13,
  'test/cli-exec.test.ts': 11,
  'test/transcript-create-split.test.ts': 11,
  'test/interop/openapi-tools.interop.test.ts': 11,
  'test/contract/flaggers.contract.test.ts': 11,
  'test/contract/audio-url.contract.test.ts': 11,
  'test/browser/dashboard-floor2.test.ts': 11,
  'test/postgres/two-processes.test.ts': 10,
  'test/scenarios.test.ts': 10,
  'test/interop/retry-clients.interop.test.ts': 10,
  'test/content/crawl-site.test.ts': 10,
  'src/areas/transcripts/order-index.test.ts': 10,
  'test/determinism.test.ts': 9,
  'src/areas/rag-files/parsing/token-counter.test.ts': 9,
  'test/fuzz/every-operation.test.ts': 8,
  'test/contract/lifecycle-inputs.contract.test.ts': 8,
  'test/area-interface.test.ts': 8,
  'test/postgres/cli-flags.test.ts': 7,
  'test/rag-search-pruning.test.ts': 7,
  'test/contract/transcripts.contract.test.ts': 7,
  'test/contract/audio-transcripts.contract.test.ts': 7,
  'test/contract/rag-files.contract.test.ts': 6,
  'src/storage/pglite/pglite-messages.test.ts': 6,
  'test/scale/pglite-reset-stress.test.ts': 5,
  'test/postgres/driver.test.ts': 5,
  'test/native-fallback.test.ts': 5,
  'test/contract/state.contract.test.ts': 5,
  'test/contract/chat-cta.contract.test.ts': 5,
  'test/contract/api-keys.contract.test.ts': 5,
  'test/browser/dashboard.test.ts': 5,
  'test/transcript-create-answer.test.ts': 4,
  'test/contract/voiceprints.contract.test.ts': 4,
  'test/contract/rag-uploads.contract.test.ts': 4,
  'test/contract/rag-search.contract.test.ts': 4,
  'test/contract/fine-tune.contract.test.ts': 4,
  'src/storage/pglite/pglite-statements.test.ts': 4,
  'src/areas/rag-search/full-text-reference.test.ts': 4,
  'test/startup-build.test.ts': 3,
  'test/security/cors-host.test.ts': 3,
  'test/contract/qa.contract.test.ts': 3,
  'test/contract/a2a.contract.test.ts': 3,
  'src/adapters/http-guards.test.ts': 3,
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's own order first (failed files first, then cached durations or size), kept for ties.
    const base = await super.sort(files);
    const cache = this.ctx.cache;
    const expected = (spec: TestSpecification) => {
      const path = relative(this.ctx.config.root, spec.moduleId).split('\\').join('/');
      const cached = cache.getFileTestResults(`${spec.project.name}:${path}`);
      return { failed: cached?.failed === true, ms: cached?.duration ?? (EXPECTED_SECONDS[path] ?? 0) * 1000 };
    };
    const keyed = base.map((spec, index) => ({ spec, index, ...expected(spec) }));
    keyed.sort((a, b) => Number(b.failed) - Number(a.failed) || b.ms - a.ms || a.index - b.index);
    return keyed.map(({ spec }) => spec);
  }
}
