// Several processes on one database (the postgres driver): before each turn, and inside each write
// transaction once the database's lock is held, a process that sees another one's writes (the
// driver's change counter moved) takes over the state kept in the meta rows and drops its caches.
// A clock move runs whole inside one such transaction.
import type { Storage } from '../storage/storage.js';
import { WatchedStorage } from '../storage/watched-storage.js';
import { handlesWithoutSecrets } from './state-export.js';
import type { Persistence } from './persistence.js';
import type { World } from './world.js';

/** What the postgres driver adds to Storage for sharing (src/storage/postgres/postgres-storage.ts). */
interface SharedStorage extends Storage {
  onForeignChange: (() => Promise<void>) | undefined;
  followChanges(): Promise<void>;
}

function isShared(storage: Storage): storage is SharedStorage {
  return typeof (storage as Partial<SharedStorage>).followChanges === 'function';
}

/** Makes `world` follow the other processes writing to `raw` (a no-op for a driver that cannot be shared). */
export function shareDatabase(raw: Storage, world: World, persistence: Persistence): void {
  if (!isShared(raw)) return;
  const sameHandles = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  raw.onForeignChange = async () => {
    // What was computed from rows at the old writeVersion (a kept state export) no longer holds.
    if (world.storage instanceof WatchedStorage) world.storage.touch();
    const state = await persistence.read();
    if (!state) {
      // No world record yet (another process is loading its first): only the caches can be wrong.
      world.answers.invalidate();
      world.scheduler.invalidate();
      world.vectorIndexes.clear();
      world.textIndex.clear();
      return;
    }
    await world.follow(state, sameHandles(handlesWithoutSecrets(world.handles), handlesWithoutSecrets(state.handles)));
  };
  world.beforeTurn = () => raw.followChanges();
  // A clock move is one transaction holding the database's lock: it starts from the time another
  // process left and its jobs run in one stretch, so two moves at once add up, as two in one process do.
  world.scheduler.atomically = (fn) => world.storage.transaction(fn);
}
