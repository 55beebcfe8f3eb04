// A lazy schema is built on first use and is, for everything that reads it, the same schema as the
// eager one: the same parse results and issues, the same JSON Schema (named parts stay $refs), the
// same metadata and `instanceof`.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** The same little family of schemas, built eagerly or through `lazySchema`. */
function family(wrap: <T extends object>(build: () => T) => T) {
  const Role = wrap(() => z.enum(['user', 'assistant']));
  const Message = wrap(() => z.strictObject({ role: Role, content: z.string().check(z.minLength(1), z.maxLength(5)), at: z.number().int().optional() }));
  const Transcript = wrap(() =>
    z.object({ title: z.string().optional(), messages: z.array(Message), last: Message.optional(), tags: z.record(z.string(), z.number()) }),
  );
  const Page = wrap(() => z.object({ data: z.array(Transcript), hasMore: z.boolean() }));
  const Extended = wrap(() => Transcript.extend({ extra: Role.nullable() }).meta({ description: 'a transcript with more' }));
  const Either = wrap(() => z.union([Message, Transcript]));
  // Wrappers (optional, nullable, default) point at their inner schema from what the writer has seen.
  const MaybeMessage = wrap(() => Message.optional());
  const Size = wrap(() => z.number().int().nullable().default(null));
  const Envelope = wrap(() => z.object({ message: MaybeMessage, size: Size, kind: Role.default('user') }));
  // A plain object of fields that schemas spread or take whole.
  const fields = wrap(() => ({ id: z.string().min(1), role: Role.optional() }));
  const Spread = wrap(() => z.strictObject({ ...fields, n: z.number() }));
  const Whole = wrap(() => z.object(fields).partial());
  return { Role, Message, Transcript, Page, Extended, Either, MaybeMessage, Size, Envelope, Spread, Whole };
}

const eager = family((build) => build());
const lazy = family(lazySchema);

const INPUTS: unknown[] = [
  { title: 't', messages: [{ role: 'user', content: 'hi' }], tags: { a: 1 } },
  { messages: [{ role: 'robot', content: '' }], tags: { a: 'x' } },
  { messages: [{ role: 'user', content: 'toolong', at: 1.5, more: 1 }], last: { role: 'assistant', content: 'x' }, tags: {} },
  { data: [], hasMore: false },
  { data: [{ messages: [], tags: {} }], hasMore: 'no' },
  { role: 'user', content: 'hey' },
  { extra: null, messages: [], tags: {} },
  { message: { role: 'user', content: 'x' }, size: 2.5 },
  { size: null, kind: 'robot' },
  { id: 'a', role: 'user', n: 1 },
  { id: '', role: 'robot', n: 'x', extra: true },
  null,
  [],
];

describe('lazySchema', () => {
  it('builds nothing until the schema is used, then builds once', () => {
    let builds = 0;
    const Name = lazySchema(() => {
      builds++;
      return z.string().min(2);
    });
    const Holder = lazySchema(() => z.object({ name: Name }));
    const routes = [{ body: Holder }];
    expect(builds).toBe(0);
    expect(routes[0]!.body.safeParse({ name: 'ab' }).success).toBe(true);
    expect(Name.safeParse('a').success).toBe(false);
    expect(builds).toBe(1);
  });

  it('parses and reports issues as the eager schema does', () => {
    for (const name of Object.keys(eager) as (keyof typeof eager)[]) {
      for (const input of INPUTS) expect(JSON.stringify(lazy[name].safeParse(input))).toBe(JSON.stringify(eager[name].safeParse(input)));
    }
  });

  it('writes the same JSON Schema, read and written, alone and as named components', () => {
    for (const io of ['input', 'output'] as const) {
      for (const name of Object.keys(eager) as (keyof typeof eager)[]) {
        expect(z.toJSONSchema(lazy[name], { io })).toEqual(z.toJSONSchema(eager[name], { io }));
      }
      const components = (set: typeof eager) => {
        const registry = z.registry<{ id: string }>();
        for (const [id, schema] of Object.entries(set)) registry.add(schema, { id });
        return z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}` });
      };
      const written = components(lazy);
      expect(written).toEqual(components(eager));
      expect(JSON.stringify(written)).toContain('"$ref":"#/components/schemas/Message"');
    }
  });

  it('answers instanceof, metadata and definitions as the schema', () => {
    expect(lazy.Transcript).toBeInstanceOf(z.ZodObject);
    expect(lazy.Role).toBeInstanceOf(z.ZodType);
    expect(lazy.Extended.description).toBe('a transcript with more');
    expect(z.globalRegistry.get(lazy.Extended)).toEqual({ description: 'a transcript with more' });
    expect(Object.keys(lazy.Transcript.shape)).toEqual(['title', 'messages', 'last', 'tags']);
    expect(lazy.Role.options).toEqual(['user', 'assistant']);
  });

  it('prints as the schema behind it (console.log, util.inspect)', () => {
    // Fresh schemas each: zod binds a method on its first read, and what is bound shows in the print.
    const builds: (() => z.ZodType)[] = [() => z.enum(['user', 'assistant']), () => z.strictObject({ role: z.string(), at: z.number().int().optional() })];
    for (const build of builds) {
      for (const depth of [0, 2]) expect(inspect(lazySchema(build), { depth })).toBe(inspect(build(), { depth }));
    }
    expect(inspect(lazySchema(builds[0]!))).toMatch(/^ZodEnum \{/);
  });
});
