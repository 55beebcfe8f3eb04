// Named component schemas for the OpenAPI document. The spec's shared data types (the object and
// union schemas of `service-emulator/types`) keep their names; every route's body and answer is a
// component too, and each refers to the others by $ref. Request bodies are described as zod reads
// them (`io: input`, names ending in `Input` for the shared types), answers as they are written.
import { z } from 'zod';
import * as types from '../types/index.js';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const NAMED_KINDS = new Set(['object', 'union']);
const uri = (id: string) => `#/components/schemas/${id}`;

/** The shared data types by name, e.g. `RagContextResult`, `Transcript`. */
function sharedTypes(): [string, z.ZodType][] {
  return Object.entries(types).flatMap(([name, value]): [string, z.ZodType][] =>
    name.endsWith('Schema') && value instanceof z.ZodType && NAMED_KINDS.has(value._zod.def.type) ? [[name.slice(0, -'Schema'.length), value]] : [],
  );
}

export interface NamedSchemas {
  /** Names a route schema (kept when it already has a name). */
  add(schema: z.ZodType, io: Io, id: string): void;
  /** A `$ref` to the schema's component. */
  ref(schema: z.ZodType, io: Io): Json;
  /** Every component referenced from the routes, and the shared types, as JSON Schema. */
  components(): Record<string, Json>;
}

export function namedSchemas(): NamedSchemas {
  const registries = { output: z.registry<{ id: string }>(), input: z.registry<{ id: string }>() };
  for (const [name, schema] of sharedTypes()) {
    registries.output.add(schema, { id: name });
    registries.input.add(schema, { id: `${name}Input` });
  }
  const idOf = (schema: z.ZodType, io: Io) => {
    const id = registries[io].get(schema)?.id;
    if (id === undefined) throw new Error('schema was never named');
    return id;
  };
  return {
    add(schema, io, id) {
      if (!registries[io].has(schema)) registries[io].add(schema, { id });
    },
    ref: (schema, io) => ({ $ref: uri(idOf(schema, io)) }),
    components() {
      const out: Record<string, Json> = {};
      for (const io of ['output', 'input'] as const) {
        const { schemas } = z.toJSONSchema(registries[io], { io, unrepresentable: 'any', uri }) as { schemas: Record<string, Json> };
        for (const [id, schema] of Object.entries(schemas)) {
          const { $schema: _schema, $id: _id, ...rest } = schema;
          out[id] = rest;
        }
      }
      return out;
    },
  };
}
