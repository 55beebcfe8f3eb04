// (j) Worlds (docs/worlds.md): creating isolated worlds in one emulator (SQLite, default scenario),
// 1,000 of them in one process, the RSS each costs, and a request on world #1000.
import { createEmulator } from '../dist/index.js';
import { BASE_URL, LIST_PATH, apiKeyOf } from './shared.js';
import { gc, summary, timeAsync } from './stats.js';

export const WORLDS_CONFIG = { worlds: 1000, opened: 100 };

const post = (body) => new Request(`${BASE_URL}/__emulator/worlds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const rssMb = () => process.memoryUsage().rss / 1e6;

/**
 * `create`: POST /__emulator/worlds (a world is an id over its scenario's cached image; its storage
 * and routes are opened on its first request). `open`: that first request, which opens the world.
 * RSS is measured per created world over `worlds`, and per opened world over `opened` of them.
 */
export async function benchWorlds({ worlds, opened } = WORLDS_CONFIG) {
  const emulator = await createEmulator({ storage: 'sqlite' });
  // The image of the scenario is built once per process: by this first world, not measured.
  const first = await emulator.fetch(post({}));
  const warmId = (await first.json()).id;
  await (await emulator.world(warmId)).fetch(new Request(`${BASE_URL}/__emulator/health`));
  gc();
  const rss0 = rssMb();
  const createMs = [];
  const ids = [];
  for (let i = 0; i < worlds; i++) {
    const { ms, value } = await timeAsync(() => emulator.fetch(post({})));
    createMs.push(ms);
    ids.push((await value.json()).id);
  }
  gc();
  const rssCreated = (rssMb() - rss0) / worlds;
  // A request on world #1000: opened by it (storage from the image, routes), then answered.
  // Same scenario, same seed: the worlds' key secrets are the default world's.
  const key = apiKeyOf(emulator);
  const listIn = (id) => new Request(BASE_URL + LIST_PATH, { headers: { 'x-api-key': key, 'x-emulator-world': id } });
  const { ms: lastFirstMs, value: lastRes } = await timeAsync(() => emulator.fetch(listIn(ids[worlds - 1])));
  const { ms: lastNextMs } = await timeAsync(() => emulator.fetch(listIn(ids[worlds - 1])));
  const lastOk = lastRes.status === 200 && lastNextMs >= 0;
  // Opening `opened` worlds by a first request each, for the cost of a world in use.
  gc();
  const rss1 = rssMb();
  const openMs = [];
  for (let i = 0; i < opened; i++) {
    const { ms } = await timeAsync(() => emulator.fetch(listIn(ids[i])));
    openMs.push(ms);
  }
  gc();
  const rssOpened = (rssMb() - rss1) / opened;
  const { ms: deleteMs } = await timeAsync(async () => {
    for (const id of ids) await emulator.deleteWorld(id);
  });
  await emulator.close();
  return { create: summary(createMs), open: summary(openMs), rssCreated, rssOpened, lastFirstMs, lastNextMs, lastOk, deletePerWorld: deleteMs / worlds };
}
