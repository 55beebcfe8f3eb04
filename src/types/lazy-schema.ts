// Schemas built on first use: a module-level schema is a stand-in until something reads it, so
// importing the emulator and creating one builds only the schemas a first request needs.
import { z } from 'zod';

type Processor = (schema: unknown, ctx: unknown, json: unknown, params: unknown) => void;
interface Internals {
  def: { type: string };
  processJSONSchema?: (ctx: unknown, json: unknown, params: unknown) => void;
}

let processors: Record<string, Processor> | undefined;

/** Node's util.inspect hook, by its registered name (no node: import: this module runs in browsers too). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** zod's JSON Schema processor of each schema type, as `z.toJSONSchema` hands them to a schema. */
function jsonSchemaProcessors(): Record<string, Processor> {
  if (processors === undefined) {
    const probe = z.string();
    (probe._zod as unknown as Internals).processJSONSchema = (ctx) => {
      processors = (ctx as { processors: Record<string, Processor> }).processors;
    };
    z.toJSONSchema(probe);
  }
  return processors!;
}

/**
 * A zod schema hands itself to its JSON Schema processor from a closure made at construction; the
 * JSON Schema writer keys what it has seen by the schema it was given (the stand-in), so the
 * processor must be handed the stand-in too.
 */
function describeAsStandIn(real: object, standIn: object): void {
  const internals = (real as { _zod?: Internals })._zod;
  if (!internals?.processJSONSchema) return;
  internals.processJSONSchema = (ctx, json, params) => {
    const processor = jsonSchemaProcessors()[internals.def.type];
    if (!processor) throw new Error(`no JSON Schema processor for ${internals.def.type}`);
    processor(standIn, ctx, json, params);
  };
}

/**
 * Returns a stand-in for `build()` (a schema, or a plain object of schemas that schemas spread) that builds it the first time anything reads, calls or inspects
 * it, and from then on forwards every operation to that one schema. The stand-in is the schema's
 * identity for everyone else: methods run with `this` = the stand-in (zod 4's classic methods live
 * on the prototype), so `.optional()`, `.extend()`, a parent's `shape` and the OpenAPI registries
 * all hold the stand-in, never the schema behind it, and `instanceof` answers as for the schema.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let real: T | undefined;
  const target = (): T => {
    if (real === undefined) {
      real = build();
      if ('_zod' in real) {
        // `.meta()`/`.describe()` registered the built schema: the stand-in carries the same metadata.
        const meta = z.globalRegistry.get(real as never);
        if (meta !== undefined) z.globalRegistry.add(standIn as never, meta as never);
        describeAsStandIn(real, standIn);
      }
    }
    return real;
  };
  // util.inspect (console.log) formats a proxy's own target, not through its traps: the target
  // shows the schema behind it. A configurable symbol, so the traps may leave it out.
  const shell = Object.create(null) as T;
  Object.defineProperty(shell, INSPECT, { configurable: true, value: (depth: number, options: object, inspect: (v: unknown, o: object) => string) => inspect(target(), { ...options, depth }) });
  const standIn: T = new Proxy(shell, {
    get: (_, key, receiver) => Reflect.get(target(), key, receiver),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    // Reported configurable: the stand-in's own (empty) target has none of these properties.
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(target(), key);
      return found && { ...found, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
  return standIn;
}
