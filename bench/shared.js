// What the benchmark parts share: the built package, the high-rate-limit scenario and the request.
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../dist/index.js';
import { readScenarioFile, SCENARIO_DIR } from '../dist/scenarios/builtin.js';

export const BASE_URL = 'http://127.0.0.1:4010';
export const LIST_PATH = '/api/v1/transcripts';
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The default scenario with fixtures resolved and the transcripts limit raised, so load tests
 * measure answers rather than 429s (the emulator clock stands still, so the window never rolls).
 */
export async function highLimitScenario() {
  const doc = await readScenarioFile(`${SCENARIO_DIR}default.json`);
  doc.settings = { ...(doc.settings ?? {}), rateLimits: { ...(doc.settings?.rateLimits ?? {}), transcripts: { perMinute: 100_000_000 } } };
  return doc;
}

export async function createLoadEmulator() {
  return createEmulator({ scenario: await highLimitScenario() });
}

export const apiKeyOf = (emulator) => emulator.handles.workspaces[0].apiKeys[0].secret;

/** One list request straight through emulator.fetch: status, content-type and the exact bytes. */
export async function captureList(emulator) {
  const res = await emulator.fetch(new Request(BASE_URL + LIST_PATH, { headers: { 'x-api-key': apiKeyOf(emulator) } }));
  const text = await res.text();
  if (res.status !== 200) throw new Error(`List answered ${res.status}: ${text.slice(0, 200)}`);
  return { status: res.status, contentType: res.headers.get('content-type'), text, body: JSON.parse(text) };
}
