// Build step (npm run build, after tsc): boots PGlite once, applies the schema and the undo triggers
// the way a fresh database gets them, and writes that data directory to dist/pglite-image.bin (with
// its stamp, dist/pglite-image.json), so a first in-memory PGlite emulator starts from it.
import { PgliteStorage } from '../dist/storage/pglite/pglite-storage.js';
import { removePgliteImage, writePgliteImage } from '../dist/storage/pglite-image.js';
import { worldTables } from '../dist/emulator/area-mount.js';
import { AREAS } from '../dist/areas/index.js';

const started = performance.now();
// Made afresh, never from an earlier build's image.
await removePgliteImage();
// The tables of a world without extra areas: a world with others boots the usual way.
const tables = worldTables(AREAS);
const storage = await PgliteStorage.create({ tables });
try {
  const { packed, keys } = await storage.image();
  const bytes = await writePgliteImage(packed, keys, tables);
  console.log(`prepared the PGlite image (${(bytes / 1e6).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms → dist/pglite-image.bin`);
} finally {
  await storage.close();
}
