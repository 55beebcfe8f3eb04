// What the benchmark parts share: the built package, the high-rate-limit scenario and the three requests.
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../dist/index.js';
import { readScenarioFile, SCENARIO_DIR } from '../dist/scenarios/builtin.js';

export const BASE_URL = 'http://127.0.0.1:4010';
export const LIST_PATH = '/api/v1/transcripts';
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The three requests the door targets are measured on: list, get-by-id and create (transcripts). */
export const REQUESTS = {
  list: { method: 'GET', path: LIST_PATH, jsonServerPath: '/transcripts' },
  get: { method: 'GET', path: `${LIST_PATH}/tr_refund`, jsonServerPath: '/transcripts/tr_refund' },
  create: {
    method: 'POST',
    path: LIST_PATH,
    jsonServerPath: '/transcripts',
    body: JSON.stringify({ title: 'Bench conversation', messages: [{ role: 'user', content: 'Hello there' }] }),
  },
};

/**
 * The default scenario with fixtures resolved and the transcripts limit raised, so load tests
 * measure answers rather than 429s (the emulator clock stands still, so the window never rolls).
 */
export async function highLimitScenario() {
  const doc = await readScenarioFile(`${SCENARIO_DIR}default.json`);
  doc.settings = { ...(doc.settings ?? {}), rateLimits: { ...(doc.settings?.rateLimits ?? {}), transcripts: { perMinute: 100_000_000 } } };
  return doc;
}

export async function createLoadEmulator(create = createEmulator) {
  return create({ scenario: await highLimitScenario() });
}

export const apiKeyOf = (emulator) => emulator.handles.workspaces[0].apiKeys[0].secret;

/** The headers a request is sent with (the key, and a JSON content type for bodies). */
export function headersFor(request, key) {
  return request.body ? { 'x-api-key': key, 'content-type': 'application/json' } : { 'x-api-key': key };
}

/** One request straight through emulator.fetch: status, content-type and the exact bytes. */
export async function capture(emulator, request = REQUESTS.list) {
  const init = { method: request.method, headers: headersFor(request, apiKeyOf(emulator)), body: request.body };
  const res = await emulator.fetch(new Request(BASE_URL + request.path, init));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${request.method} ${request.path} answered ${res.status}: ${text.slice(0, 200)}`);
  return { status: res.status, contentType: res.headers.get('content-type'), text, body: JSON.parse(text) };
}

export const captureList = (emulator) => capture(emulator, REQUESTS.list);
