// The OpenAPI document against what the emulator really serves: every method and path of the route
// table is in it, and real answers validate against its response schemas (JSON Schema 2020-12, ajv).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/index.js';

type Json = Record<string, any>;

const BASE = 'http://emulator.test';
const FULL = 'svc_demoFulll8tGWJeyhzppz1RmOtAcSEpYGcxhNnPGi4fAiwh4mTyACho598A26b3EMtIA5EJzVsL684Y6qyz9KGJ';

let emulator: Emulator;
let doc: Json;
const ajv = new Ajv2020.default({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  emulator = await createEmulator({ scenario: 'default' });
  doc = emulator.openApi() as Json;
  // The whole document is one schema resource, so component $refs resolve as a client's would.
  ajv.addSchema(doc, 'openapi.json');
});

/** A validator for the schema at this place of the document (a JSON pointer's parts). */
function validatorAt(...parts: string[]) {
  const pointer = parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  return ajv.compile({ $ref: `openapi.json#/${pointer}` });
}
afterAll(() => emulator.close());

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The request path of a route-table path, with its parameters filled in. */
function operationFor(method: string, path: string): Json {
  const op = doc.paths[path]?.[method.toLowerCase()] as Json | undefined;
  if (!op) throw new Error(`no operation ${method} ${path} in the document`);
  return op;
}

/** Validates an answer against the document: its status must be documented, its body must fit. */
async function expectDocumented(method: string, templatePath: string, res: Response): Promise<void> {
  const op = operationFor(method, templatePath);
  const documented = op.responses[String(res.status)] as Json | undefined;
  expect(documented, `${method} ${templatePath} answered an undocumented ${res.status}`).toBeDefined();
  const text = await res.text();
  const schema = documented!.content?.['application/json']?.schema as Json | undefined;
  if (!schema || !text) return;
  const validate = validatorAt('paths', templatePath, method.toLowerCase(), 'responses', String(res.status), 'content', 'application/json', 'schema');
  const body = JSON.parse(text) as unknown;
  const ok = validate(body);
  expect(ok, `${method} ${templatePath} ${res.status}: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`).toBe(true);
}

const call = (method: string, path: string, init: { key?: string; body?: unknown; bearer?: string } = {}) =>
  emulator.fetch(
    new Request(BASE + path, {
      method,
      headers: {
        ...(init.key && { 'x-api-key': init.key }),
        ...(init.bearer && { authorization: `Bearer ${init.bearer}` }),
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    }),
  );

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every method and path of the route table, and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    const served = emulator.routes().map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort();
    const documented = Object.entries(doc.paths as Record<string, Json>)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(served);
    for (const route of ['GET /__emulator/faults', 'POST /__emulator/faults', 'DELETE /__emulator/faults', 'DELETE /__emulator/faults/{faultId}',
      'GET /__emulator/requests', 'DELETE /__emulator/requests', 'GET /__emulator/state', 'PUT /__emulator/state',
      'GET /api/v1/transcripts', 'GET /openapi.json']) {
      expect(documented).toContain(route);
    }
  });

  it('names the shared data types as components and refers to them from route schemas', () => {
    const schemas = doc.components.schemas as Record<string, Json>;
    for (const name of ['Transcript', 'RagContextResult', 'ChatResponse', 'ErrorEnvelope']) expect(schemas[name], name).toBeDefined();
    const context = doc.paths['/api/v1/rag/context'].post as Json;
    expect(context.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RagContextResult' });
    // A component validates for real: a list answer without its transcripts is refused.
    const list = validatorAt('paths', '/api/v1/transcripts', 'get', 'responses', '200', 'content', 'application/json', 'schema');
    expect(list({ pagination: {} })).toBe(false);
  });

  it('documents the bodies that routes read themselves: forms, multipart uploads, JSON-RPC and signed bodies', () => {
    const bodyOf = (path: string, method = 'post') => (doc.paths[path][method] as Json).requestBody as Json;
    const schemaOf = (ref: Json) => doc.components.schemas[String(ref.$ref).split('/').pop()!] as Json;
    const token = bodyOf('/oauth/token');
    expect(Object.keys(token.content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    expect(JSON.stringify(schemaOf(token.content['application/x-www-form-urlencoded'].schema))).toContain('code_verifier');
    const upload = schemaOf(bodyOf('/api/v1/rag/files').content['multipart/form-data'].schema);
    expect(upload.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(upload.required).toEqual(expect.arrayContaining(['title', 'description', 'chunkingTool']));
    expect(upload.required).not.toContain('file');
    expect(bodyOf('/api/v1/auth/validate-key').required).toBe(false);
    for (const path of ['/oauth/revoke', '/embed/validate-login', '/api/v1/a2a', '/ai-chat/anonymous-chat']) {
      expect(bodyOf(path).required, path).toBe(true);
      expect(bodyOf(path).content, path).toBeDefined();
    }
  });

  // One ajv compile per documented answer: several hundred operations take tens of seconds on a busy machine.
  it('compiles every response schema with ajv (2020-12)', { timeout: 120_000 }, () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(ops as Record<string, Json>)) {
        for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
          if (!response.content?.['application/json']?.schema) continue;
          expect(() => validatorAt('paths', path, method, 'responses', status, 'content', 'application/json', 'schema'), `${method} ${path} ${status}`).not.toThrow();
        }
      }
    }
  });

  it('describes the real answers of transcripts, service-agent and control routes', async () => {
    const samples: [string, string, string, { key?: string; body?: unknown }?][] = [
      ['GET', '/api/v1/transcripts?limit=3', '/api/v1/transcripts', { key: FULL }],
      ['GET', '/api/v1/transcripts', '/api/v1/transcripts', {}],
      ['POST', '/api/v1/transcripts', '/api/v1/transcripts', { key: FULL, body: { title: 'Created', messages: [{ role: 'user', content: 'hi' }] } }],
      ['POST', '/api/v1/transcripts', '/api/v1/transcripts', { key: FULL, body: { title: 7 } }],
      ['GET', '/api/v1/transcripts/tr_tools?limit=2', '/api/v1/transcripts/{transcriptId}', { key: FULL }],
      ['GET', '/api/v1/transcripts/tr_nope', '/api/v1/transcripts/{transcriptId}', { key: FULL }],
      ['POST', '/api/v1/transcripts/tr_sso/messages', '/api/v1/transcripts/{transcriptId}/messages', { key: FULL, body: { role: 'user', content: 'more' } }],
      ['GET', '/api/v1/service-agent/health', '/api/v1/service-agent/health'],
      ['POST', '/api/v1/service-agent/transcript', '/api/v1/service-agent/transcript', { key: FULL, body: { sessionId: 'doc-check' } }],
      ['POST', '/__emulator/faults', '/__emulator/faults', { body: { path: '/nothing/here', status: 503 } }],
      ['POST', '/__emulator/faults', '/__emulator/faults', { body: { path: 'bad' } }],
      ['GET', '/__emulator/faults', '/__emulator/faults'],
      ['DELETE', '/__emulator/faults/fault_1', '/__emulator/faults/{faultId}'],
      ['DELETE', '/__emulator/faults', '/__emulator/faults'],
      ['GET', '/__emulator/requests?limit=5', '/__emulator/requests'],
      ['GET', '/__emulator/requests?limit=0', '/__emulator/requests'],
      ['DELETE', '/__emulator/requests', '/__emulator/requests'],
      ['GET', '/__emulator/health', '/__emulator/health'],
      ['GET', '/__emulator/clock', '/__emulator/clock'],
      ['GET', '/__emulator/state', '/__emulator/state'],
      ['GET', '/openapi.json', '/openapi.json'],
    ];
    for (const [method, path, template, init] of samples) await expectDocumented(method, template, await call(method, path, init));
  });

  it('describes the real answers of every GET route without path parameters', async () => {
    const alice = emulator.handles.users.find((u) => u.id === 'user_alice')!.accessToken;
    const gets = emulator.routes().filter((r) => r.method === 'GET' && !r.path.includes(':'));
    expect(gets.length).toBeGreaterThan(5);
    for (const route of gets) {
      const res = await call('GET', route.path, { key: FULL, bearer: undefined });
      await expectDocumented('GET', route.path, res);
      const asUser = await call('GET', route.path, { bearer: alice });
      await expectDocumented('GET', route.path, asUser);
    }
  });
});
