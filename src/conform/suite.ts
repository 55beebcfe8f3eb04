// The drift check's request suite: read-only requests only (GETs, plus the two POSTs that only read).
// Ids a request needs come from an earlier answer of the same side, so each side is addressed by
// its own data (the target's first transcript, the emulator's first transcript).

/** The only POSTs the suite may send: both read and change nothing on the service. */
export const READ_ONLY_POSTS = ['/api/v1/auth/validate-key', '/api/v1/rag/context'] as const;
export type ReadOnlyPost = (typeof READ_ONLY_POSTS)[number];

/** How a value a step needs is read from an earlier step's answer (body), on one side. */
export interface ParamSource {
  from: string;
  pick(body: unknown): string | undefined;
}

interface StepBase {
  /** A short stable name, e.g. `releases.get`. */
  id: string;
  /** The route template, with `{name}` for each param (the emulator's OpenAPI path). */
  route: string;
  /** `key`: the API key rides in `x-api-key` (the server SDK's header); `none`: no credentials. */
  auth: 'key' | 'none';
  /** Values from earlier answers: path params by name, or values the body uses. */
  params?: Record<string, ParamSource>;
  query?: Record<string, string>;
  /** A list whose route names no schema in the OpenAPI: its items (at `at`) read like this get's answer. */
  itemSchema?: { route: string; at: string };
  /** Which real client reads this answer (REAL-WIRE.md), for the docs. */
  source: string;
}

/** The method is part of the type: a step is a GET, or a POST to one of READ_ONLY_POSTS. */
export type SuiteStep =
  | (StepBase & { method: 'GET' })
  | (StepBase & { method: 'POST'; route: ReadOnlyPost; body?(params: Record<string, string>): unknown });

/** The request a step becomes on one side, once its params are known. */
export interface ReadOnlyRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/api/v1/releases/rel_1`. */
  path: string;
  auth: 'key' | 'none';
  body?: unknown;
}

/** Refuses anything but a GET or a read-only POST, before a byte is sent. */
export function assertReadOnly(method: string, route: string): void {
  if (method === 'GET') return;
  if (method === 'POST' && (READ_ONLY_POSTS as readonly string[]).includes(route)) return;
  throw new Error(`conform refuses ${method} ${route}: the suite sends only GETs and the read-only POSTs (${READ_ONLY_POSTS.join(', ')})`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** A record's id: the document-style `_id` the real clients read, else `id`. */
const idOf = (item: unknown) => (isObject(item) ? (str(item._id) ?? str(item.id)) : undefined);

/** The items of a list answer: a bare array, or the first array among the usual list keys. */
export function listItems(body: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return [];
  for (const key of [...keys, 'data', 'docs', 'items']) if (Array.isArray(body[key])) return body[key] as unknown[];
  return [];
}

/** The id of a list's first item. */
export const firstId = (...keys: string[]) => (body: unknown) => idOf(listItems(body, ...keys)[0]);

/** A field of a single answer. */
const field = (name: string) => (body: unknown) => (isObject(body) ? str(body[name]) : undefined);

/** The first release the public bootstrap can answer (a draft or withdrawn one answers 404), else the first. */
function publicRelease(body: unknown): string | undefined {
  const items = listItems(body, 'releases');
  const live = items.find((r) => isObject(r) && !['draft', 'deprecated', 'archived'].includes(String(r.status)));
  return idOf(live ?? items[0]);
}

const workspace: ParamSource = { from: 'auth.validate-key', pick: field('workspaceId') };

/** The suite, in order: every step's sources come before it. */
export const SUITE: readonly SuiteStep[] = [
  { id: 'auth.validate-key', method: 'POST', route: '/api/v1/auth/validate-key', auth: 'key', source: 'CONTRACT.md §7 validate-key' },
  { id: 'workspaces.get', method: 'GET', route: '/api/v1/workspaces/{workspaceId}', auth: 'key', params: { workspaceId: workspace }, source: 'emulator-defined' },
  {
    id: 'api-keys.list',
    method: 'GET',
    route: '/api/v1/workspaces/{workspaceId}/api-keys',
    auth: 'key',
    params: { workspaceId: workspace },
    itemSchema: { route: '/api/v1/workspaces/{workspaceId}/api-keys/{keyId}', at: 'data[]' },
    source: 'https://sdk.divinci.ai/server/api-keys/',
  },
  {
    id: 'api-keys.get',
    method: 'GET',
    route: '/api/v1/workspaces/{workspaceId}/api-keys/{keyId}',
    auth: 'key',
    params: { workspaceId: workspace, keyId: { from: 'api-keys.list', pick: firstId() } },
    source: 'https://sdk.divinci.ai/server/api-keys/',
  },
  { id: 'transcripts.list', method: 'GET', route: '/api/v1/transcripts', auth: 'key', source: 'https://sdk.divinci.ai/server/transcripts/' },
  {
    id: 'transcripts.get',
    method: 'GET',
    route: '/api/v1/transcripts/{transcriptId}',
    auth: 'key',
    params: { transcriptId: { from: 'transcripts.list', pick: firstId('transcripts') } },
    source: 'https://sdk.divinci.ai/server/transcripts/',
  },
  {
    id: 'workspace-transcripts.list',
    method: 'GET',
    route: '/api/v1/workspaces/{workspaceId}/transcripts',
    auth: 'key',
    params: { workspaceId: workspace },
    source: 'https://sdk.divinci.ai/server/transcripts/',
  },
  { id: 'releases.list', method: 'GET', route: '/api/v1/releases', auth: 'key', source: 'divinci-demo-pipeline-oss targets/cloudflare/src/release.js' },
  {
    id: 'releases.get',
    method: 'GET',
    route: '/api/v1/releases/{releaseId}',
    auth: 'key',
    params: { releaseId: { from: 'releases.list', pick: firstId('releases') } },
    source: 'divinci-demo-pipeline-oss orchestrator/src/api-contracts.test.ts',
  },
  {
    id: 'release-bootstrap.get',
    method: 'GET',
    route: '/white-label-release/{releaseId}',
    auth: 'none',
    params: { releaseId: { from: 'releases.list', pick: publicRelease } },
    source: 'divinci-demo-pipeline-oss orchestrator/src/demo-health.ts; divinci-landing-template src/worker.ts',
  },
  { id: 'rag-targets.list', method: 'GET', route: '/api/v1/rag/targets', auth: 'key', source: 'fulcrum server/services/divinci-rag-client.ts' },
  {
    id: 'rag-targets.get',
    method: 'GET',
    route: '/api/v1/rag/targets/{collectionId}',
    auth: 'key',
    params: { collectionId: { from: 'rag-targets.list', pick: firstId('targets') } },
    source: 'REAL-WIRE.md §7 (GET /api/v1/rag/targets/{id})',
  },
  { id: 'rag-files.list', method: 'GET', route: '/api/v1/rag/files', auth: 'key', source: 'emulator-defined (spec RAG files)' },
  {
    id: 'rag-files.get',
    method: 'GET',
    route: '/api/v1/rag/files/{fileId}',
    auth: 'key',
    params: { fileId: { from: 'rag-files.list', pick: firstId('files') } },
    source: 'emulator-defined (spec RAG files)',
  },
  { id: 'rag-groups.list', method: 'GET', route: '/api/v1/rag/groups', auth: 'key', source: 'REAL-WIRE.md §7 (groups hold vectors)' },
  {
    id: 'rag.context',
    method: 'POST',
    route: '/api/v1/rag/context',
    auth: 'key',
    params: { groupId: { from: 'rag-groups.list', pick: firstId('groups') } },
    body: (p) => ({ query: 'How do I get started?', groupId: p.groupId, topK: 3 }),
    source: 'divinci-demo-pipeline-oss orchestrator/src/api-contracts.test.ts',
  },
  { id: 'a2a.agent-card', method: 'GET', route: '/.well-known/agent-card.json', auth: 'none', source: 'A2A protocol (stock @a2a-js/sdk client)' },
  { id: 'oidc.discovery', method: 'GET', route: '/.well-known/openid-configuration', auth: 'none', source: 'OpenID Connect Discovery 1.0' },
  { id: 'oauth.discovery', method: 'GET', route: '/.well-known/oauth-authorization-server', auth: 'none', source: 'RFC 8414' },
  { id: 'oauth.protected-resource', method: 'GET', route: '/.well-known/oauth-protected-resource', auth: 'none', source: 'RFC 9728' },
  { id: 'oauth.jwks', method: 'GET', route: '/.well-known/jwks.json', auth: 'none', source: 'RFC 7517' },
];

/**
 * The request a step becomes on one side, or the name of the param no earlier answer gave
 * (an empty list on that side: nothing to address).
 */
export function buildRequest(step: SuiteStep, answers: ReadonlyMap<string, unknown>): ReadOnlyRequest | { missing: string; from: string } {
  assertReadOnly(step.method, step.route);
  const values: Record<string, string> = {};
  for (const [name, source] of Object.entries(step.params ?? {})) {
    const value = answers.has(source.from) ? source.pick(answers.get(source.from)) : undefined;
    if (value === undefined) return { missing: name, from: source.from };
    values[name] = value;
  }
  let path = step.route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  if (step.query) path += `?${new URLSearchParams(step.query).toString()}`;
  const body = step.method === 'POST' ? step.body?.(values) : undefined;
  return { method: step.method, path, auth: step.auth, ...(body !== undefined && { body }) };
}
