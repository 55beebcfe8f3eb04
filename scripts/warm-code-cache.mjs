// Build step helper (scripts/bundle-core.mjs), run in its own process: loads the core script
// without a cache, runs a first create, a first answer in process and a first answer of a served
// emulator, then writes the script's V8 code cache (now holding those functions compiled) and
// prints the export names of the public modules.
import { request } from 'node:http';
import { writeFile } from 'node:fs/promises';

const cacheFile = new URL('../dist/chunks/core-script.cache', import.meta.url);
const { core, script } = await import('../dist/chunks/core.js');
const index = await core.loadIndex();
const server = await core.loadServer();

/** The answer's status, after reading its body. */
function get(url) {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    }).on('error', reject).end();
  });
}

// What `createEmulator()` runs, and its first answers (a control route and a service route).
const emulator = await index.createEmulator({ onNotice() {} });
const key = emulator.handles.workspaces[0]?.apiKeys[0]?.secret;
await (await emulator.fetch(new Request('http://127.0.0.1/__emulator/health'))).text();
if (key) await (await emulator.fetch(new Request('http://127.0.0.1/api/v1/transcripts', { headers: { 'x-api-key': key } }))).text();
await emulator.close();

// What `service-emulator serve` runs: the real clock, the HTTP door and its first answer.
const served = await index.createEmulator({ clock: 'real', onNotice() {} });
const door = await server.startServer(served, { port: 0, host: '127.0.0.1' });
const status = await get(`${door.url}/__emulator/health`);
await door.close();
await served.close();
if (status !== 200) throw new Error(`the served emulator answered ${status}`);

await writeFile(cacheFile, script.createCachedData());
console.log(JSON.stringify({ index: Object.keys(index).sort(), server: Object.keys(server).sort() }));
