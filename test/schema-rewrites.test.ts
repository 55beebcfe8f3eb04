// The schema modules (src/**/schema.ts, src/types/*) build fewer zod schemas at import: a chain of
// checks is one `.check(...)` (one clone instead of one per method) and `z.object(...).strict()` is
// `z.strictObject(...)` (the object is built once). Each rewrite must mean the same schema: the same
// JSON Schema (hence the same OpenAPI document) and the same issues for good and bad input.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const PAIRS: [string, z.ZodType, z.ZodType, unknown[]][] = [
  ['string min/max', z.string().min(1).max(5), z.string().check(z.minLength(1), z.maxLength(5)), ['', 'abc', 'abcdef', 3, null]],
  ['string trim/min/max', z.string().trim().min(1).max(3), z.string().check(z.trim(), z.minLength(1), z.maxLength(3)), ['  a  ', '   ', ' abcd ', 1]],
  ['string regex/max with messages', z.string().regex(/^[a-z]+$/, 'lower case').max(3, 'too long'), z.string().check(z.regex(/^[a-z]+$/, 'lower case'), z.maxLength(3, 'too long')), ['ab', 'AB', 'abcd', 'ABCD']],
  ['string length', z.string().length(2).regex(/^\d+$/), z.string().check(z.length(2), z.regex(/^\d+$/)), ['12', '1', 'ab', '123']],
  ['int nonnegative', z.number().int().nonnegative(), z.number().check(z.int(), z.nonnegative()), [0, 1.5, -1, 2 ** 60, 'x', Number.NaN]],
  ['int positive max', z.number().int().positive().max(10), z.number().check(z.int(), z.positive(), z.lte(10)), [0, 5, 11, 2.5]],
  ['int min max', z.number().int().min(1).max(100), z.number().check(z.int(), z.gte(1), z.lte(100)), [0, 1, 100, 101, 1.1]],
  ['number min max', z.number().min(0).max(1), z.number().check(z.gte(0), z.lte(1)), [-0.1, 0.5, 1.1]],
  [
    'strict object',
    z.object({ a: z.string(), b: z.number().optional() }).strict(),
    z.strictObject({ a: z.string(), b: z.number().optional() }),
    [{ a: 'x' }, { a: 'x', c: 1 }, { b: 'y' }, [], null],
  ],
];

describe.each(PAIRS)('%s', (_name, before, after, inputs) => {
  it('has the same JSON Schema, read and written', () => {
    for (const io of ['input', 'output'] as const) expect(z.toJSONSchema(after, { io })).toEqual(z.toJSONSchema(before, { io }));
  });

  it('answers the same value or the same issues', () => {
    for (const input of inputs) expect(JSON.stringify(after.safeParse(input))).toBe(JSON.stringify(before.safeParse(input)));
  });

  it('holds the same checks in the same order', () => {
    const checks = (s: z.ZodType) => (s._zod.def.checks ?? []).map((c) => JSON.stringify(c._zod.def));
    expect(checks(after)).toEqual(checks(before));
    expect(Object.keys(after._zod.def)).toEqual(Object.keys(before._zod.def));
  });
});
