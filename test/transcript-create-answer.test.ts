// A transcript create answers from the row it wrote (no read-back): the answer must equal what a
// later read of the list gives, byte for byte, on both drivers, lone surrogates included.
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';
import { SQLITE_LOADS } from './support/doors.js';

const BASE = 'http://127.0.0.1:4010/api/v1/transcripts';

// SQLite where better-sqlite3 loads (not on an install without a compiler: npm run test:install).
describe.each(SQLITE_LOADS ? (['sqlite', 'pglite'] as const) : (['pglite'] as const))('transcript create answer (%s)', (storage) => {
  let emulator: Emulator | undefined;
  afterAll(() => emulator?.close());

  const call = async (init?: RequestInit) => {
    emulator ??= await createEmulator({ storage });
    const key = emulator.handles.workspaces[0]?.apiKeys[0]?.secret as string;
    const res = await emulator.fetch(new Request(BASE, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json' } }));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it.each([
    ['no messages', { title: 'Empty' }],
    ['messages with times and extra fields', {
      title: 'Timed',
      metadata: { source: 'test' },
      channel: 'web',
      messages: [
        { role: 'user', content: 'first', timestamp: '2026-01-02T03:04:05.000Z', note: 1 },
        { role: 'assistant', content: { parts: ['structured'] }, timestamp: 1_700_000_000_000 },
        { role: 'user', content: 'last '.repeat(100) },
      ],
    }],
    ['a lone surrogate in the title and content', { title: 'odd \ud800 title', messages: [{ role: 'user', content: 'odd \udc00 text' }] }],
  ])('answers what the list reads back: %s', async (_name, input) => {
    const created = await call({ method: 'POST', body: JSON.stringify(input) });
    expect(created.status).toBe(201);
    const list = await call();
    const read = (list.body.transcripts as Record<string, unknown>[]).find((t) => t._id === created.body._id);
    expect(JSON.stringify(created.body)).toBe(JSON.stringify(read));
  });
});
