// RAG fixtures are read side by side but taken in document order: the first bad path or missing
// file, in document order, is the error; good ones are read in as text or base64.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, resolveRagFixtures } from './builtin.js';

const docOf = (...fixtures: string[]) => ({ workspaces: [{ rag: { targets: [{ files: fixtures.map((fixture, i) => ({ title: `f${i}`, fixture })) }] } }] });
const files = (doc: unknown) => (doc as ReturnType<typeof docOf>).workspaces[0]!.rag.targets[0]!.files as Record<string, unknown>[];

describe('resolveRagFixtures', () => {
  it('reads text fixtures as content and binaries as base64, named after the file', async () => {
    const doc = await resolveRagFixtures(docOf('rag/account-security.md', 'rag/api-rate-limits.pdf'));
    const [text, pdf] = files(doc);
    expect(text).toEqual({ title: 'f0', content: readFileSync(`${FIXTURE_DIR}rag/account-security.md`, 'utf8'), filename: 'account-security.md' });
    expect(pdf).toEqual({ title: 'f1', contentBase64: readFileSync(`${FIXTURE_DIR}rag/api-rate-limits.pdf`).toString('base64'), filename: 'api-rate-limits.pdf' });
  });

  it('answers the first failure in document order', async () => {
    await expect(resolveRagFixtures(docOf('rag/account-security.md', 'rag/missing-one.md', '../outside.md'))).rejects.toThrow('Fixture "rag/missing-one.md" not found');
    await expect(resolveRagFixtures(docOf('../outside.md', 'rag/missing-one.md'))).rejects.toThrow('Fixture path "../outside.md" must stay inside fixtures/');
    await expect(resolveRagFixtures(docOf('rag/missing-two.md', 'rag/missing-one.md'))).rejects.toThrow('Fixture "rag/missing-two.md" not found');
  });
});
