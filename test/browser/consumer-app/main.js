// A consumer's page, built outside the repository from the packed package (test/browser/consumer-recipe.test.ts):
// the emulator in the page with the built-in scenarios, then plain fetch calls to the service.
import { startBrowserEmulator } from 'service-emulator/browser';
import { listScenarios, resolveScenario, scenarioNames, scenarios } from 'service-emulator/scenarios';

const SERVICE = 'http://127.0.0.1:4010';
const status = document.getElementById('status');

function show(id, items) {
  document.getElementById(id).replaceChildren(
    ...items.map(([text, data]) => {
      const li = document.createElement('li');
      li.textContent = text;
      li.dataset.id = data;
      return li;
    }),
  );
}

async function main() {
  const { emulator } = await startBrowserEmulator({ scenarios, scenario: 'default' });
  const key = emulator.handles.workspaces[0].apiKeys[0].secret;
  const get = async (path) => {
    const res = await fetch(`${SERVICE}${path}`, { headers: { 'x-api-key': key } });
    return { status: res.status, body: await res.json() };
  };
  const transcripts = await get('/api/v1/transcripts?limit=50');
  const listed = await get('/__emulator/scenarios');
  const files = await get('/api/v1/rag/files?collectionId=vec_docs');
  const parsed = await resolveScenario('empty');
  const missing = await resolveScenario('no-such-scenario').then(() => 'resolved', (err) => `${err.name}: ${err.code}`);
  show('transcripts', transcripts.body.transcripts.map((t) => [t.title, t._id]));
  show('scenarios', listed.body.data.map((s) => [s.name, s.name]));
  window.results = { key, transcripts, listed, files, names: scenarioNames, lister: await listScenarios(), parsedName: parsed.name, missing };
  status.textContent = `ready: ${transcripts.body.transcripts.length} transcripts`;
  status.dataset.state = 'ready';
}

main().catch((err) => {
  status.textContent = `failed: ${err && err.stack ? err.stack : String(err)}`;
  status.dataset.state = 'failed';
});
