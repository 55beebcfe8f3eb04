// The example page's entry: boots the emulator in the page (PGlite, exact vector search, MSW's
// service worker in front), then runs the application as it would run against the real service.
import { startBrowserEmulator } from 'service-emulator/browser';
import type { ScenarioInput } from 'service-emulator';
import { listTranscripts, ragContext, showContext, showTranscripts, type ServiceConfig } from './app.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $('status');

async function boot(): Promise<void> {
  // Built-in scenarios, exported with their fixtures inlined by build.ts (no file system here).
  const scenarios = (await (await fetch('./scenarios.json')).json()) as Record<string, ScenarioInput>;
  // `?persist=NAME` keeps the state in IndexedDB: a reload resumes instead of loading the scenario.
  const persist = new URLSearchParams(location.search).get('persist');
  const { emulator } = await startBrowserEmulator({ scenarios, scenario: 'default', ...(persist && { indexedDb: persist }) });

  const workspace = emulator.handles.workspaces[0]!;
  const config: ServiceConfig = { baseUrl: 'http://127.0.0.1:4010', apiKey: workspace.apiKeys[0]!.secret! };
  const transcripts = await listTranscripts(config);
  showTranscripts($('transcripts'), transcripts);

  const form = $<HTMLFormElement>('rag-form');
  const ask = async () => {
    const query = $<HTMLInputElement>('rag-query').value;
    const result = await ragContext(config, 'vec_docs', query);
    showContext($('rag-results'), result);
    Object.assign(window, { example: { ...(window as { example?: object }).example, context: result } });
    status.textContent = `ready: ${transcripts.length} transcripts, ${result.chunks.length} chunks for “${query}”`;
    status.dataset.state = 'ready';
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    status.dataset.state = 'busy';
    ask().catch(fail);
  });
  // What the page got, for tests to compare with the same calls made in Node.
  Object.assign(window, { example: { transcripts, emulator } });
  await ask();
}

function fail(err: unknown): void {
  status.textContent = `failed: ${err instanceof Error ? err.message : String(err)}`;
  status.dataset.state = 'failed';
  console.error(err);
}

boot().catch(fail);
