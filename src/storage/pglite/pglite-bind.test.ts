// The driver's Bind message is byte for byte the one PGlite's serializer writes.
import { protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { bindMessage } from './pglite-bind.js';

describe('pglite bind', () => {
  it.each([
    ['q0', []],
    ['', ['a']],
    ['q12', ['plain', null, '', 'héllo ✓ 🙂', '\uD800 lone', 'x'.repeat(5000), '12345', null]],
  ] as const)('writes %j as PGlite does', (statement, values) => {
    expect(bindMessage(statement, values)).toEqual(protocol.serialize.bind({ statement, values: [...values] }));
  });
});
