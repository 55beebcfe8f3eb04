// The OpenAPI 3.1 document, computed from the same route tables and zod schemas that serve and
// validate requests, so it cannot drift from what the emulator does.
import { z } from 'zod';
import { ERROR_STATUS } from '../core/errors.js';
import type { RouteDef } from '../core/route.js';
import { VERSION } from '../version.js';
import { namedSchemas, type NamedSchemas } from './components.js';
import { EXTRA_RESPONSES, EXTRA_SCHEMAS, SECURITY_SCHEMES, securityOf } from './security.js';

/** The origin the document names when no request says where the emulator is served. */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:4010';

type Json = Record<string, unknown>;

const ENVELOPE: Json = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'requestId'],
      properties: {
        code: { type: 'string', enum: [...new Set(Object.keys(ERROR_STATUS))] },
        message: { type: 'string' },
        details: {},
        documentation: { type: 'string', format: 'uri' },
        /** The same id as the answer's x-request-id header (the SDK's error `requestId`). */
        requestId: { type: 'string' },
      },
    },
  },
};

/** Every answer names its request (the same id an error envelope carries as `requestId`). */
const REQUEST_ID_HEADERS: Json = { 'x-request-id': { $ref: '#/components/headers/RequestId' } };

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** Turns a query object schema into OpenAPI parameters. */
function parameters(schema: z.ZodType | undefined, where: 'query'): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: (json.required ?? []).includes(name),
    schema: property,
  }));
}

/**
 * A route's path parameters: exactly those its path names, in order, each with its schema's
 * property where the params schema has one (a schema shared by two mounts may name a parameter
 * only one of them has), else a string.
 */
function pathParameters(route: RouteDef): Json[] {
  const properties = route.params ? ((schemaOf(route.params, 'input') as { properties?: Record<string, Json> }).properties ?? {}) : {};
  return [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name!] ?? { type: 'string' },
  }));
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The error statuses a route may answer, from its method and the way it authenticates. */
function errorStatuses(route: RouteDef): number[] {
  const statuses = [400, 404, 500];
  // Writes can conflict with the stored state (a locked transcript, a stale terms version).
  if (route.method !== 'GET') statuses.push(409);
  switch (route.auth.kind) {
    case 'none':
      break;
    case 'bearer':
      statuses.push(401, 403);
      break;
    default:
      // Keyed callers (API keys, workspace members, end users) are also rate limited.
      statuses.push(401, 403, 429);
      if (route.auth.kind === 'endUser') statuses.push(402);
  }
  return statuses;
}

function errorResponses(route: RouteDef): Record<string, Json> {
  const statuses = new Set<number>(errorStatuses(route));
  const out: Record<string, Json> = {};
  for (const status of [...statuses].sort()) {
    out[String(status)] = { description: `Error (${status})`, headers: REQUEST_ID_HEADERS, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  }
  return out;
}

const operationId = (route: RouteDef) =>
  `${route.method.toLowerCase()}${toOpenApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

function operation(route: RouteDef, named: NamedSchemas): Json {
  const op: Json = {
    tags: [route.tag],
    summary: route.summary,
    operationId: operationId(route),
    parameters: [...pathParameters(route), ...parameters(route.query, 'query')],
    responses: {
      [String(route.status ?? 200)]: {
        description: 'Success',
        headers: REQUEST_ID_HEADERS,
        ...(route.response && { content: { 'application/json': { schema: named.ref(route.response, 'output') } } }),
        ...(route.mediaType && { content: { [route.mediaType]: { schema: { type: 'string' } } } }),
      },
      ...errorResponses(route),
    },
  };
  if (route.emulatorDefined) op['x-emulator-defined'] = true;
  if (route.realClient) op['x-real-client'] = route.realClient;
  op.security = securityOf(route);
  if (route.auth.kind === 'apiKey' || route.auth.kind === 'workspace') {
    if (route.auth.permission) op['x-permission'] = route.auth.permission;
    if (route.auth.feature) op['x-rate-limit-feature'] = route.auth.feature;
  }
  const extra = EXTRA_RESPONSES[`${route.method} ${route.path}`];
  if (extra) op.responses = mergeResponses(op.responses as Record<string, Json>, extra);
  if (route.body) {
    op.requestBody = { required: !route.bodyOptional, content: { 'application/json': { schema: named.ref(route.body, 'input') } } };
  } else if (route.bodyDoc) {
    const schema = named.ref(route.bodyDoc.schema, 'input');
    op.requestBody = { required: route.bodyDoc.required ?? true, content: Object.fromEntries(route.bodyDoc.mediaTypes.map((type) => [type, { schema }])) };
  }
  return op;
}

/** A route's answers with the extra ones of EXTRA_RESPONSES: a status in both keeps both media types. */
function mergeResponses(base: Record<string, Json>, extra: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = { ...base };
  for (const [status, response] of Object.entries(extra)) {
    const had = base[status];
    out[status] = had ? { ...response, content: { ...(had.content as Json | undefined), ...(response.content as Json | undefined) } } : response;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** Each route's body and answer as named components: the spec's type names where they are one. */
function nameRouteSchemas(routes: RouteDef[]): NamedSchemas {
  const named = namedSchemas();
  for (const route of routes) {
    const id = operationId(route).replace(/^./, (c) => c.toUpperCase());
    if (route.response) named.add(route.response, 'output', `${id}Response`);
    const body = route.body ?? route.bodyDoc?.schema;
    if (body) named.add(body, 'input', `${id}Body`);
  }
  return named;
}

/** The component names a value refers to, directly. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) found.add(inner.slice('#/components/schemas/'.length));
      else refsIn(inner, found);
    }
  }
  return found;
}

/** Drops the `Input` variants of shared types that no request body reaches. */
function withoutUnusedInputs(schemas: Record<string, Json>, paths: Json): Record<string, Json> {
  const reached = new Set<string>();
  const queue = [...refsIn(paths)];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...refsIn(schemas[id]));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([id]) => !id.endsWith('Input') || reached.has(id)));
}

/** The document of these routes; `origin` is where the emulator is served (the request's origin for GET /openapi.json). */
export function buildOpenApi(routes: RouteDef[], origin = DEFAULT_ORIGIN): Json {
  const named = nameRouteSchemas(routes);
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, named) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace AI service (service-emulator)',
      version: '1.0.0',
      description: `Served by service-emulator ${VERSION}. Operations marked x-emulator-defined have shapes the spec does not show.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: serversFor(origin),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ErrorEnvelope: ENVELOPE, ...EXTRA_SCHEMAS, ...withoutUnusedInputs(named.components(), paths) },
      headers: {
        RequestId: {
          description: 'Names the request: seeded (same seed and requests, same ids), or the client’s own well-formed x-request-id echoed',
          schema: { type: 'string' },
        },
      },
    },
  };
}

/** `servers` of the document for one origin: the emulator answers at its root. */
export const serversFor = (origin: string): Json[] => [{ url: origin, description: 'service-emulator' }];
