// OpenAPI tooling, unchanged, on the served document: Redocly CLI lints it clean (recommended
// ruleset; redocly.yaml turns off two rules, docs/openapi-lint.md says why), openapi-typescript
// generates types from it, a small openapi-fetch client written against those types compiles with
// `tsc --strict` and then runs, through the HTTP door and through the MSW door (custom fetch).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ONE_DRIVER } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
const KEY = 'svc_demoFulll8tGWJeyhzppz1RmOtAcSEpYGcxhNnPGi4fAiwh4mTyACho598A26b3EMtIA5EJzVsL684Y6qyz9KGJ';

type Json = Record<string, any>;

/** The client a user would write against the generated `paths`: typed calls, typed answers. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

export async function exercise(baseUrl: string, apiKey: string, fetchImpl: typeof fetch) {
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: { 'x-api-key': apiKey } });
  const created = await client.POST('/api/v1/transcripts', {
    body: { title: 'From openapi-fetch', messages: [{ role: 'user', content: 'hello' }] },
  });
  if (!created.data) throw new Error('create failed: ' + created.response.status);
  const id: string = created.data._id;
  const one = await client.GET('/api/v1/transcripts/{transcriptId}', { params: { path: { transcriptId: id } } });
  const list = await client.GET('/api/v1/transcripts', { params: { query: { limit: 5 } } });
  const total: number | undefined = list.data?.pagination.total;
  const missing = await client.GET('/api/v1/transcripts/{transcriptId}', { params: { path: { transcriptId: 'tr_missing' } } });
  const code: string | undefined = missing.error?.error.code;
  return { id, messages: one.data?.messages?.length, total, missingStatus: missing.response.status, code };
}
`;

let dir: string | undefined;
/** The generated client module, compiled under --strict: made once, by the first suite that needs it. */
let compiled: Promise<string> | undefined;

async function generateAndCompile(document: Json): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'openapi-interop-'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await writeFile(join(dir, 'api.d.ts'), astToString(await openapiTS(document as OpenAPI3)));
  await writeFile(join(dir, 'client.ts'), CLIENT);
  const tsconfig = {
    compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], skipLibCheck: true },
    files: ['client.ts'],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  await run(join(BIN, 'tsc'), ['-p', join(dir, 'tsconfig.json'), '--noEmit', '--strict']);
  return join(dir, 'client.ts');
}

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function served(door: { fetch(path: string): Promise<Response> }): Promise<Json> {
  const res = await door.fetch('/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

describe('OpenAPI tools through the http door', () => {
  const door = useDoor(ONE_DRIVER, 'http');

  it('names the served origin in servers, a license, and each route’s credentials in security', async () => {
    const doc = await served(door);
    expect(doc.servers).toEqual([{ url: door.baseUrl, description: 'service-emulator' }]);
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    const security = (method: string, path: string) => doc.paths[path][method].security;
    // A workspace key also rides as `Authorization: Bearer svc_…` wherever x-api-key works (REAL-WIRE section 1).
    expect(security('get', '/api/v1/transcripts')).toEqual([{ apiKey: [] }, { apiKeyBearer: [] }]);
    expect(security('get', '/api/v1/workspaces')).toEqual([{ bearerAuth: [] }]);
    expect(security('post', '/api/v1/releases')).toEqual([{ apiKey: [] }, { apiKeyBearer: [] }, { bearerAuth: [] }]);
    expect(security('post', '/api/v1/chat/threads')).toEqual([
      { bearerAuth: [] },
      { apiKey: [], externalUser: [] },
      { apiKeyBearer: [], externalUser: [] },
      { anonymousSession: [] },
    ]);
    expect(security('get', '/oauth/userinfo')).toEqual([{ bearerAuth: [] }]);
    expect(security('get', '/.well-known/agent-card.json')).toEqual([]);
    const ids = Object.values(doc.paths as Record<string, Json>).flatMap((ops) => Object.values(ops).map((op: Json) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lints clean with @redocly/cli (zero errors, zero warnings)', async () => {
    const doc = await served(door);
    const lintDir = await mkdtemp(join(tmpdir(), 'redocly-interop-'));
    try {
      const file = join(lintDir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      const { stdout } = await run(join(BIN, 'redocly'), ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json'], { env, maxBuffer: 64 << 20 });
      const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(lintDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('openapi-typescript types + an openapi-fetch client compile under tsc --strict and run', async () => {
    compiled ??= generateAndCompile(await served(door));
    const client = (await import(pathToFileURL(await compiled).href)) as { exercise: (b: string, k: string, f: typeof fetch) => Promise<Json> };
    const out = await client.exercise(door.baseUrl, KEY, fetch);
    expect(out).toMatchObject({ messages: 1, missingStatus: 404, code: 'NOT_FOUND' });
    expect(out.total).toBeGreaterThan(0);
  }, 120_000);
});

describe('openapi-fetch through the msw door', () => {
  const door = useDoor(ONE_DRIVER, 'msw');

  it('runs the same generated, strictly compiled client with the MSW-intercepted fetch', async () => {
    compiled ??= generateAndCompile(await served(door));
    const client = (await import(pathToFileURL(await compiled).href)) as { exercise: (b: string, k: string, f: typeof fetch) => Promise<Json> };
    const out = await client.exercise(door.baseUrl, KEY, (input, init) => fetch(input, init));
    expect(out).toMatchObject({ messages: 1, missingStatus: 404, code: 'NOT_FOUND' });
  }, 120_000);
});
