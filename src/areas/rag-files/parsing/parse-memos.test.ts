// The prepared parses the build writes are the memos' entries through JSON: they must come back
// exactly as computed, or a first emulator that reads them would differ from one that parses.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../index.js';
import { dumpParseMemos, primeParseMemos, type PreparedParses } from './parse-memos.js';

describe('prepared parses', () => {
  it('survive JSON exactly, and priming them again changes nothing', async () => {
    const emulator = await createEmulator({ scenario: 'default', vectorSearch: 'exact', onNotice: () => {} });
    await emulator.close();
    const dumped = dumpParseMemos({});
    // The default scenario's text, HTML, PDF, DOCX and inline files, each parsed and chunked.
    expect(dumped.texts.length).toBeGreaterThanOrEqual(5);
    expect(dumped.chunks.length).toBeGreaterThanOrEqual(5);
    const revived = JSON.parse(JSON.stringify(dumped)) as PreparedParses;
    expect(revived).toStrictEqual(dumped);
    primeParseMemos(revived);
    expect(dumpParseMemos({})).toStrictEqual(dumped);
  });
});
