// The full-text index after a load or an import (`clear`): a file's segment is reused, the same
// object, when storage holds exactly its chunks at the same run; any other content is analysed anew.
import { describe, expect, it } from 'vitest';
import { TextIndex } from './text-index.js';

const chunks = [
  { id: 'c1', content: 'backup the database nightly' },
  { id: 'c2', content: 'restore from the latest backup' },
];

async function segmentAfterClear(index: TextIndex, fileSeq: number, stored: typeof chunks, runId: string | null = 'run1') {
  index.clear();
  let loads = 0;
  const segment = await index.segment('file1', runId, async () => {
    loads++;
    return { fileSeq, chunks: stored };
  });
  return { segment, loads };
}

describe('TextIndex reuse after clear', () => {
  it('gives back the same segment for the same chunks, file order and run', async () => {
    const index = new TextIndex();
    index.put('file1', 'run1', 3, chunks);
    const first = await index.segment('file1', 'run1', async () => ({ fileSeq: 3, chunks }));
    const { segment, loads } = await segmentAfterClear(index, 3, chunks);
    expect(loads).toBe(1);
    expect(segment).toBe(first);
  });

  it('analyses anew when a text, the file order or the run differ', async () => {
    const cases: [number, typeof chunks, string][] = [
      [3, [chunks[0]!, { id: 'c2', content: 'restore from the oldest backup' }], 'run1'],
      [4, chunks, 'run1'],
      [3, chunks, 'run2'],
    ];
    for (const [fileSeq, stored, runId] of cases) {
      const index = new TextIndex();
      index.put('file1', 'run1', 3, chunks);
      const first = await index.segment('file1', 'run1', async () => ({ fileSeq: 3, chunks }));
      const { segment } = await segmentAfterClear(index, fileSeq, stored, runId);
      expect(segment).not.toBe(first);
      expect(segment.fileSeq).toBe(fileSeq);
    }
  });

  it('forgets candidates once settled', async () => {
    const index = new TextIndex();
    index.put('file1', 'run1', 3, chunks);
    const first = await index.segment('file1', 'run1', async () => ({ fileSeq: 3, chunks }));
    index.clear();
    index.settle();
    const again = await index.segment('file1', 'run1', async () => ({ fileSeq: 3, chunks }));
    expect(again).not.toBe(first);
  });
});
