// The import's in-place table check (plainTables) must judge exactly as the full zod schema: a
// valid snapshot's tables come back as sent, anything odd falls back to the schema's own issues.
import { describe, expect, it } from 'vitest';
import { createEmulator } from './create-emulator.js';
import { parseState, type StateExport } from './state-export.js';

const issuesOf = (input: unknown, tables: readonly string[]) => {
  try {
    parseState(input, tables);
    return 'accepted';
  } catch (err) {
    return (err as { details?: { issues?: { path: string }[] } }).details?.issues?.map((i) => i.path);
  }
};

describe('state import: the tables check', () => {
  it('takes valid tables as sent, and words every odd row as the schema does', async () => {
    const emulator = await createEmulator();
    const state = (await emulator.exportState()) as StateExport;
    const names = Object.keys(state.tables);
    await emulator.close();
    const parsed = parseState(state, names);
    expect(parsed.tables).toEqual(state.tables);
    const users = state.tables.users!;
    const withRow = (row: unknown) => ({ ...state, tables: { ...state.tables, users: [...users, row] } });
    const at = `tables.users[${users.length}]`;
    expect(issuesOf(withRow({ ...users[0], 'Bad Column': 'x' }), names)).toEqual([`${at}.Bad Column`]);
    expect(issuesOf(withRow({ ...users[0], name: Number.NaN }), names)).toEqual([`${at}.name`]);
    expect(issuesOf(withRow({ ...users[0], name: Number.POSITIVE_INFINITY }), names)).toEqual([`${at}.name`]);
    expect(issuesOf(withRow({ ...users[0], name: { nested: true } }), names)).toEqual([`${at}.name`]);
    expect(issuesOf(withRow('row'), names)).toEqual([at]);
    expect(issuesOf({ ...state, tables: { ...state.tables, users: 'nope' } }, names)).toEqual(['tables.users']);
    expect(issuesOf({ ...state, tables: [] }, names)).toEqual(['tables']);
    // A JSON "__proto__" key is an own property: the schema drops it, so the fast check leaves it to the schema.
    const proto = JSON.parse(`{"tables":{"users":[{"__proto__":"x"}]}}`) as { tables: { users: unknown[] } };
    const viaSchema = parseState({ ...state, tables: { ...state.tables, users: proto.tables.users } }, names);
    expect(viaSchema.tables.users).toEqual([{}]);
  });
});
