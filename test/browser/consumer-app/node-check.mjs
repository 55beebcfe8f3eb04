// The same package in Node (the `default` conditions): createEmulator with the scenarios export's
// resolver and lister, printing what the service answers as one JSON line.
import { createEmulator } from 'service-emulator';
import { listScenarios, resolveScenario } from 'service-emulator/scenarios';

const emulator = await createEmulator({ resolveScenario, listScenarios, scenario: 'default', vectorSearch: 'exact' });
try {
  const key = emulator.handles.workspaces[0].apiKeys[0].secret;
  const transcripts = await (await emulator.fetch(new Request('http://127.0.0.1:4010/api/v1/transcripts?limit=50', { headers: { 'x-api-key': key } }))).json();
  const listed = await (await emulator.fetch(new Request('http://127.0.0.1:4010/__emulator/scenarios'))).json();
  const missing = await emulator.fetch(new Request('http://127.0.0.1:4010/__emulator/scenario', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"no-such-scenario"}' }));
  console.log(JSON.stringify({ transcripts, listed, missing: missing.status }));
} finally {
  await emulator.close();
}
