// The built package (dist/, bundled by scripts/bundle-dist.mjs) as a user imports it: under the real
// clock an upload is parsed on the worker thread (its entry file found from the bundle's chunk) and
// indexes with no request to carry it. `npm ci` builds dist/ (prepare); without it this file skips.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIST = new URL('../dist/index.js', import.meta.url);
const built = existsSync(DIST) && existsSync(new URL('../dist/emulator/parse-worker-main.js', import.meta.url));

describe.skipIf(!built)('the built package', () => {
  it('indexes an upload under the real clock through the parse worker', async () => {
    const { createEmulator } = (await import(DIST.href)) as typeof import('../src/index.js');
    const emulator = await createEmulator({ clock: 'real' });
    try {
      const key = emulator.handles.workspaces[0]!.apiKeys.find((k) => k.id === 'key_full')!.secret as string;
      const form = new FormData();
      form.set('title', 'built');
      form.set('description', 'from dist');
      form.set('chunkingTool', 'default');
      form.set('ragVectorId', 'vec_docs');
      form.set('file', new File(['# Built\n\nThe bundle finds its parse worker and the refund policy.'], 'built.md', { type: 'text/markdown' }));
      const res = await emulator.fetch(new Request('http://built.test/api/v1/rag/files', { method: 'POST', headers: { 'x-api-key': key }, body: form }));
      expect(res.status).toBe(202);
      const id = ((await res.json()) as { _id: string }[])[0]!._id;
      const status = async () =>
        ((await (await emulator.fetch(new Request(`http://built.test/api/v1/rag/files/${id}`, { headers: { 'x-api-key': key } }))).json()) as { status: string }).status;
      // Bounded: 600 × 50 ms of wall time at most.
      for (let i = 0; i < 600 && (await status()) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await status()).toBe('completed');
    } finally {
      await emulator.close();
    }
  }, 120_000);
});
