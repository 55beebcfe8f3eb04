// Created worlds on a database several processes share (the postgres driver): each world is one
// schema, kept as the default world is (Persistence: its clock, random state and handles in its
// `meta` rows), and follows the other processes' writes to it (shareDatabase). The list of worlds
// is a table of the database (src/storage/postgres/postgres-world-list.ts), so a world created
// through one process is opened by another from its schema on first use.
import type { Storage } from '../storage/storage.js';
import { openStorage } from './open-storage.js';
import { Persistence, persistentStorage } from './persistence.js';
import { shareDatabase } from './shared-database.js';
import { World, type WorldOptions } from './world.js';
import type { WorldKit } from './world-registry.js';

/** A created world's row as every process sees it. */
export interface SharedWorldRow {
  id: string;
  scenario: string;
  seed: number;
  createdAt: string;
}

/** The database's list of created worlds (PostgresWorldList). */
export interface WorldDirectory {
  schemaOf(id: string): string;
  allocate(idOf: (n: number) => string, info: Omit<SharedWorldRow, 'id'>): Promise<string>;
  markReady(id: string): Promise<void>;
  markDeleted(id: string): Promise<boolean>;
  get(id: string): Promise<SharedWorldRow | undefined>;
  list(): Promise<SharedWorldRow[]>;
  dropSchema(id: string): Promise<void>;
}

export interface SharedWorlds {
  databaseUrl: string;
  directory: WorldDirectory;
}

export interface OpenedShared {
  world: World;
  storage: Storage;
  persistence: Persistence;
}

async function openSchema(kit: WorldKit, shared: SharedWorlds, id: string, worlds: WorldOptions['worlds']) {
  const raw = await openStorage('postgres', undefined, kit.tables, { databaseUrl: shared.databaseUrl, schema: shared.directory.schemaOf(id) });
  const persistence = new Persistence(raw, `world ${id} of the database`);
  const world = new World({ ...kit.world, storage: persistentStorage(raw, persistence.runtime), worlds });
  return { raw, persistence, world };
}

/** A new world in its (new) schema: `start` loads its scenario or its cached image; then its state is saved. */
export async function startSharedWorld(kit: WorldKit, shared: SharedWorlds, id: string, worlds: WorldOptions['worlds'], start: (world: World, raw: Storage) => Promise<void>): Promise<OpenedShared> {
  const { raw, persistence, world } = await openSchema(kit, shared, id, worlds);
  try {
    persistence.attach(world);
    await start(world, raw);
    await persistence.sync();
    shareDatabase(raw, world, persistence);
    return { world, storage: raw, persistence };
  } catch (err) {
    await raw.close().catch(() => undefined);
    throw err;
  }
}

/** A world another process created, taken over from its schema (as a second process takes over the default world). */
export async function adoptSharedWorld(kit: WorldKit, shared: SharedWorlds, id: string, worlds: WorldOptions['worlds']): Promise<OpenedShared | undefined> {
  const { raw, persistence, world } = await openSchema(kit, shared, id, worlds);
  try {
    const kept = await persistence.read();
    if (!kept) {
      await raw.close();
      return undefined;
    }
    persistence.attach(world);
    await world.adopt(kept, 'scenario');
    shareDatabase(raw, world, persistence);
    return { world, storage: raw, persistence };
  } catch (err) {
    await raw.close().catch(() => undefined);
    throw err;
  }
}
