// The browser door: an emulator on PGlite (in memory or in IndexedDB) with exact vector search,
// answering the page's own fetches through MSW's service worker. Nothing native loads, and no
// file is read: the scenarios the page can load are handed over as documents.
import { setupWorker, type SetupWorker } from 'msw/browser';
import { EmulatorError } from '../core/errors.js';
import { createEmulator, type EmulatorOptions } from '../emulator/create-emulator.js';
import type { Emulator } from '../emulator/emulator.js';
import type { ScenarioInput } from '../scenarios/schema.js';
import { parseScenario, type ScenarioResolver } from '../scenarios/validate.js';
import { DEFAULT_BASE_URL, createHandlers } from './msw.js';

// What `service-emulator/scenarios` parses its documents with in a page (its `#core` import).
export { checkScenario } from '../scenarios/validate.js';
export { EmulatorError };

type CoreOptions = Omit<EmulatorOptions, 'storage' | 'dataDir' | 'resolveScenario' | 'listScenarios' | 'vectorSearch' | 'scenario'>;

export interface BrowserEmulatorOptions extends CoreOptions {
  /** Scenario documents the page can load by name (boot, reset, `POST /__emulator/scenario`). */
  scenarios?: Record<string, ScenarioInput>;
  /** The boot scenario: a name from `scenarios` or a whole document. Default `default`. */
  scenario?: string | ScenarioInput;
  /**
   * Keeps the state in IndexedDB under this database name, so it survives page reloads (the page
   * resumes where it was). In memory when absent.
   */
  indexedDb?: string;
  /** Where the emulated service lives, one URL or several. Default `http://127.0.0.1:4010`. */
  baseUrl?: string | string[];
  /** The service worker script, as `msw init` copied it. Default `/mockServiceWorker.js`. */
  serviceWorkerUrl?: string;
  /** What the worker does with requests outside the service (default `bypass`: the network). */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error';
  /** Silences MSW's console lines about the worker and each mocked request (default true). */
  quiet?: boolean;
}

export interface BrowserEmulator {
  emulator: Emulator;
  worker: SetupWorker;
  /** The base URLs the worker answers for. */
  baseUrls: string[];
  /** Stops the worker and closes the database. */
  stop(): Promise<void>;
}

/** Resolves scenario names against the documents the page handed over. */
export function documentResolver(scenarios: Record<string, ScenarioInput>): ScenarioResolver {
  return async (name) => {
    const doc = Object.hasOwn(scenarios, name) ? scenarios[name] : undefined;
    if (doc === undefined) throw new EmulatorError('NOT_FOUND', `Scenario "${name}" not found`, { available: Object.keys(scenarios).sort() });
    return parseScenario(doc);
  };
}

/** Boots the emulator in this page and starts the service worker in front of it. */
export async function startBrowserEmulator(options: BrowserEmulatorOptions = {}): Promise<BrowserEmulator> {
  const { scenarios = {}, indexedDb, baseUrl, serviceWorkerUrl, onUnhandledRequest, quiet, ...core } = options;
  const emulator = await createEmulator({
    ...core,
    storage: 'pglite',
    vectorSearch: 'exact',
    resolveScenario: documentResolver(scenarios),
    listScenarios: async () =>
      Object.keys(scenarios)
        .sort()
        .map((name) => ({ name, description: (scenarios[name] as { description?: string }).description ?? '' })),
    ...(indexedDb !== undefined && { dataDir: `idb://${indexedDb}` }),
  });
  const baseUrls = [baseUrl ?? DEFAULT_BASE_URL].flat();
  const worker = setupWorker(...createHandlers(emulator, { baseUrl: baseUrls }));
  try {
    await worker.start({
      serviceWorker: { url: serviceWorkerUrl ?? '/mockServiceWorker.js' },
      onUnhandledRequest: onUnhandledRequest ?? 'bypass',
      quiet: quiet ?? true,
    });
  } catch (err) {
    await emulator.close();
    throw err;
  }
  return {
    emulator,
    worker,
    baseUrls,
    stop: async () => {
      worker.stop();
      await emulator.close();
    },
  };
}
