// Reply overrides: sources are asked in registration order, the first answer wins, and registering
// a source again under its name replaces it (the model-edits area registers on two chat objects).
import { describe, expect, it } from 'vitest';
import { ReplyOverrides } from './reply-overrides.js';

const q = { workspaceId: 'ws', releaseId: 'rel', prompt: 'Hi?' };

describe('ReplyOverrides', () => {
  it('asks each source in turn and answers the first override', async () => {
    const overrides = new ReplyOverrides();
    expect(await overrides.find(q)).toBeUndefined();
    overrides.set('none', async () => undefined);
    overrides.set('edits', async (query) => (query.prompt === 'Hi?' ? { text: 'Hello.', source: { type: 'model-edit', id: 'me_1' } } : undefined));
    expect(await overrides.find(q)).toEqual({ text: 'Hello.', source: { type: 'model-edit', id: 'me_1' } });
    expect(await overrides.find({ ...q, prompt: 'Bye?' })).toBeUndefined();
    overrides.set('edits', async () => ({ text: 'Replaced.', source: { type: 'model-edit', id: 'me_2' } }));
    expect((await overrides.find(q))?.text).toBe('Replaced.');
  });
});
