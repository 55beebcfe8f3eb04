// A small JSON Schema checker for tool inputs (ajv is not a runtime dependency): type, properties,
// required, additionalProperties: false, enum, const, minimum/maximum, minLength/maxLength, pattern,
// items, minItems/maxItems. Unknown keywords are ignored, as JSON Schema does.
import type { ValidationIssue } from '../../core/errors.js';

type Schema = Record<string, unknown>;

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Every way `value` breaks `schema`, with paths under `path` (e.g. `body.input.city`). */
export function checkJsonSchema(schema: unknown, value: unknown, path: string, issues: ValidationIssue[] = []): ValidationIssue[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return issues;
  const s = schema as Schema;
  const fail = (message: string) => issues.push({ path, message });
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => matchesType(value, t))) {
      fail(`Expected ${types.join(' or ')}, got ${typeOf(value)}`);
      return issues;
    }
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) fail(`Expected one of ${s.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(value)) fail(`Expected ${JSON.stringify(s.const)}`);
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) fail(`Must be at least ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) fail(`Must be at most ${s.maximum}`);
  }
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && value.length < s.minLength) fail(`Must have at least ${s.minLength} characters`);
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) fail(`Must have at most ${s.maxLength} characters`);
    if (typeof s.pattern === 'string') {
      let re: RegExp | undefined;
      try {
        re = new RegExp(s.pattern, 'u');
      } catch {
        re = undefined;
      }
      if (re && !re.test(value)) fail(`Must match ${s.pattern}`);
    }
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) fail(`Must have at least ${s.minItems} items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) fail(`Must have at most ${s.maxItems} items`);
    if (s.items !== undefined) value.forEach((item, i) => checkJsonSchema(s.items, item, `${path}.${i}`, issues));
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (typeof s.properties === 'object' && s.properties !== null ? s.properties : {}) as Record<string, unknown>;
    if (Array.isArray(s.required)) for (const name of s.required) if (typeof name === 'string' && !(name in obj)) issues.push({ path: `${path}.${name}`, message: 'Required' });
    for (const [name, child] of Object.entries(obj)) {
      if (name in props) checkJsonSchema(props[name], child, `${path}.${name}`, issues);
      else if (s.additionalProperties === false) issues.push({ path: `${path}.${name}`, message: 'Unknown property' });
    }
  }
  return issues;
}

/** A tool's inputSchema must itself be an object schema (the shape models and MCP expect). */
export function checkToolSchema(schema: Record<string, unknown>): ValidationIssue[] {
  if (schema.type !== undefined && schema.type !== 'object') return [{ path: 'body.inputSchema.type', message: 'A tool input schema has type "object"' }];
  if (schema.properties !== undefined && (typeof schema.properties !== 'object' || schema.properties === null || Array.isArray(schema.properties))) {
    return [{ path: 'body.inputSchema.properties', message: 'Expected an object of property schemas' }];
  }
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string'))) {
    return [{ path: 'body.inputSchema.required', message: 'Expected an array of property names' }];
  }
  return [];
}
