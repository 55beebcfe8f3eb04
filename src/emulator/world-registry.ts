// The worlds of one emulator: the default world plus created ones, each isolated (its own storage,
// clock, seed, journal, faults, mailbox, rate limits and caches). A created world starts from a
// cached image of its scenario (one per scenario, seed and start, built once by a template world
// that loads it); the world itself is opened on first use, so creating one costs an id and a
// reference to the image, and an unused world holds nothing else.
import { sha256Hex } from '../security/hash.js';
import { EmulatorError, conflict, errorResponse } from '../core/errors.js';
import { withCors } from '../core/cors.js';
import { REQUEST_ID_HEADER, withHeader } from '../core/request-id.js';
import type { WorldInfo, WorldsPort } from '../control/port.js';
import { parseScenario, type ScenarioResolver } from '../scenarios/validate.js';
import type { Scenario } from '../scenarios/schema.js';
import type { StorageKind } from '../storage/storage.js';
import type { TableDef } from '../storage/table-def.js';
import { World, type WorldOptions, type WorldSnapshot } from './world.js';
import { StoragePool, openTemplateStorage, openWorldStorage } from './world-storage.js';
import type { Storage } from '../storage/storage.js';
import type { Persistence } from './persistence.js';
import { adoptSharedWorld, startSharedWorld, type OpenedShared, type SharedWorlds } from './shared-worlds.js';

/** What the registry makes worlds with: the emulator's own options, shared by every world. */
export interface WorldKit {
  kind: StorageKind;
  tables: readonly TableDef[];
  world: Omit<WorldOptions, 'storage' | 'worlds'>;
  resolveScenario: ScenarioResolver;
  /** The pinned start (`now` option) every world's scenario is shifted to. */
  startAt?: number;
  /** On a database several processes share (postgres): the worlds are listed there, one schema each. */
  shared?: SharedWorlds;
}

/** A world's JS face (the Emulator class), as the registry needs it. */
export interface WorldFace {
  readonly id: string;
  serveAt(url: string): Promise<void>;
  /** Stops the world's jobs and, after its requests under way, runs `release` (frees its storage). */
  closeWorld(release: () => Promise<void>): Promise<void>;
}

interface Entry<F> {
  info: WorldInfo;
  /** Absent for a shared world (it is opened from its schema). */
  template?: WorldSnapshot;
  opening?: Promise<{ face: F; storage: Storage }>;
}

/** The id of the n-th created world under the emulator's seed: short, url-safe, replayed by the same seed. */
function worldId(seed: number, n: number): string {
  return `w_${sha256Hex(`world:${seed}:${n}`).slice(0, 12)}`;
}

export const worldNotFound = (id: string) => new EmulatorError('WORLD_NOT_FOUND', `World ${id} not found`, { world: id });

/** The answer to a request naming no world of the emulator: 404 WORLD_NOT_FOUND in the service's envelope. */
export function unknownWorld(request: Request, id: string, requestId: string): Response {
  const answer = withHeader(errorResponse(worldNotFound(id), requestId), REQUEST_ID_HEADER, requestId);
  return request.headers.has('origin') ? withCors(request, answer, false) : answer;
}

export class WorldRegistry<F extends WorldFace> implements WorldsPort {
  private readonly entries = new Map<string, Entry<F>>();
  /** Scenario images by scenario, seed and start; a failed build is not kept. */
  private readonly templates = new Map<string, Promise<WorldSnapshot>>();
  private created = 0;
  private root: { face: F; info: WorldInfo } | undefined;
  private servedAt: string | undefined;
  private closed = false;
  private readonly pool = new StoragePool();
  /** Shared worlds as the database last listed them. */
  private sharedInfos: WorldInfo[] = [];

  constructor(
    private readonly kit: WorldKit,
    /** Makes the face of a world just opened. */
    private readonly makeFace: (world: World, id: string, persistence?: Persistence) => F,
    /** The default world's clock (ISO), which stamps `createdAt`. */
    private readonly now: () => string,
  ) {}

  /** The default world, listed first and never deleted. */
  attachDefault(face: F, scenario: string, seed: number): void {
    this.root = { face, info: { id: 'default', scenario, seed, createdAt: this.now() } };
  }

  /** Remembers where a door serves the emulator: worlds opened from now on name it as issuer too. */
  async serveAt(url: string): Promise<void> {
    this.servedAt ??= url;
    for (const entry of this.entries.values()) if (entry.opening) await (await entry.opening).face.serveAt(url);
  }

  private get seed(): number {
    return this.root?.info.seed ?? 0;
  }

  async create(options: { scenario?: string | Record<string, unknown>; seed?: number } = {}): Promise<WorldInfo> {
    if (this.closed) throw new EmulatorError('SERVICE_UNAVAILABLE', 'The emulator is closed');
    if (this.kit.shared) return this.createShared(this.kit.shared, options);
    const requested = options.scenario ?? 'default';
    const key = JSON.stringify([requested, options.seed ?? null, this.kit.startAt ?? null]);
    const template = await this.template(key, async () => {
      // A bad document is a 400 naming every path, an unknown name a 404: nothing is created.
      const scenario = typeof requested === 'string' ? await this.kit.resolveScenario(requested) : parseScenario(requested);
      if (options.seed !== undefined) scenario.seed = options.seed;
      return scenario;
    });
    let id = worldId(this.seed, ++this.created);
    while (this.entries.has(id)) id = worldId(this.seed, ++this.created);
    const info: WorldInfo = { id, scenario: template.scenario.name, seed: template.scenario.seed, createdAt: this.now() };
    this.entries.set(id, { info, template });
    return { ...info };
  }

  list(): WorldInfo[] {
    const root = this.root ? [this.root.info] : [];
    const created = this.kit.shared ? this.sharedInfos : [...this.entries.values()].map((e) => e.info);
    return [...root, ...created].map((info) => ({ ...info }));
  }

  /** Re-reads the list of a shared database (the worlds other processes created or deleted); a no-op otherwise. */
  async refresh(): Promise<void> {
    if (this.kit.shared) this.sharedInfos = await this.kit.shared.directory.list();
  }

  /** A world's face, opened on first use; `default` is the emulator itself; undefined when none. */
  open(id: string): Promise<F | undefined> | undefined {
    if (id === 'default') return this.root && Promise.resolve(this.root.face);
    if (this.kit.shared) return this.openShared(this.kit.shared, id);
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    entry.opening ??= this.materialize(entry).catch((err) => {
      delete entry.opening;
      throw err;
    });
    return entry.opening.then((opened) => opened.face);
  }

  async delete(id: string): Promise<void> {
    if (id === 'default') throw conflict('The default world cannot be deleted', { world: id });
    if (this.kit.shared) return this.deleteShared(this.kit.shared, id);
    const entry = this.entries.get(id);
    if (!entry) throw worldNotFound(id);
    this.entries.delete(id);
    // Requests already under way in it finish first; later ones get WORLD_NOT_FOUND.
    const opened = await entry.opening?.catch(() => undefined);
    await opened?.face.closeWorld(() => this.pool.release(opened.storage));
  }

  /** Closes every created world (the emulator is closing). */
  async closeAll(): Promise<void> {
    this.closed = true;
    if (this.kit.shared) {
      // The worlds stay in the database for the other processes (and the next start): only this process's handles close.
      for (const [id, entry] of [...this.entries]) {
        this.entries.delete(id);
        await this.closeLocal(entry);
      }
      return;
    }
    const ids = [...this.entries.keys()];
    for (const id of ids) await this.delete(id);
    await this.pool.closeAll();
  }

  /** The image of a scenario: built once (a template world loads it), then shared. */
  private template(key: string, scenario: () => Promise<Scenario>): Promise<WorldSnapshot> {
    // A real clock starts every load at the wall clock: an image would hold past times.
    if (this.kit.world.clockMode === 'real') return scenario().then((s) => this.buildTemplate(s));
    let image = this.templates.get(key);
    if (!image) {
      image = scenario().then((s) => this.buildTemplate(s));
      this.templates.set(key, image);
      image.catch(() => this.templates.delete(key));
    }
    return image;
  }

  private async buildTemplate(scenario: Scenario): Promise<WorldSnapshot> {
    const storage = await openTemplateStorage(this.kit.kind, this.kit.tables, this.pool);
    try {
      const world = new World({ ...this.kit.world, storage });
      await world.load(scenario, this.kit.startAt);
      return await world.snapshot();
    } finally {
      await this.pool.release(storage);
    }
  }

  /** A world in its own schema of the shared database, listed there once its state is saved. */
  private async createShared(shared: SharedWorlds, options: { scenario?: string | Record<string, unknown>; seed?: number }): Promise<WorldInfo> {
    const requested = options.scenario ?? 'default';
    const key = JSON.stringify([requested, options.seed ?? null, this.kit.startAt ?? null]);
    // A bad document is a 400 naming every path, an unknown name a 404: nothing is created.
    const scenario = typeof requested === 'string' ? await this.kit.resolveScenario(requested) : parseScenario(requested);
    if (options.seed !== undefined) scenario.seed = options.seed;
    const createdAt = this.now();
    const id = await shared.directory.allocate((n) => worldId(this.seed, n), { scenario: scenario.name, seed: scenario.seed, createdAt });
    const info: WorldInfo = { id, scenario: scenario.name, seed: scenario.seed, createdAt };
    const entry: Entry<F> = { info };
    const cached = this.kit.world.clockMode === 'real' ? undefined : this.templates.get(key);
    const opening = startSharedWorld(this.kit, shared, id, this, async (world, raw) => {
      const template = await cached?.catch(() => undefined);
      if (template) {
        await raw.restore(template.storage);
        await world.startFrom(template, this.kit.startAt);
        return;
      }
      // The first world of a scenario loads it; its boot image is kept for the next ones.
      await world.load(scenario, this.kit.startAt);
      if (this.kit.world.clockMode !== 'real') {
        const image = await world.snapshot();
        this.templates.set(key, Promise.resolve({ ...image, handles: structuredClone(image.handles) }));
      }
    });
    let opened: OpenedShared;
    try {
      opened = await opening;
      await shared.directory.markReady(id);
    } catch (err) {
      await shared.directory.markDeleted(id).catch(() => undefined);
      await shared.directory.dropSchema(id).catch(() => undefined);
      throw err;
    }
    entry.opening = this.faceOf(opened, id);
    this.entries.set(id, entry);
    this.sharedInfos = [...this.sharedInfos.filter((i) => i.id !== id), info];
    await entry.opening;
    return { ...info };
  }

  private async faceOf(opened: OpenedShared, id: string): Promise<{ face: F; storage: Storage }> {
    const face = this.makeFace(opened.world, id, opened.persistence);
    if (this.servedAt) await face.serveAt(this.servedAt);
    return { face, storage: opened.storage };
  }

  /** A shared world, looked up in the database at each request: one deleted by another process is closed here. */
  private async openShared(shared: SharedWorlds, id: string): Promise<F | undefined> {
    const row = await shared.directory.get(id);
    const entry = this.entries.get(id);
    if (!row) {
      if (entry) {
        this.entries.delete(id);
        await this.closeLocal(entry);
      }
      return undefined;
    }
    if (entry?.opening) return (await entry.opening).face;
    const adopted: Entry<F> = entry ?? { info: row };
    adopted.opening ??= adoptSharedWorld(this.kit, shared, id, this).then((opened) => {
      if (!opened) throw worldNotFound(id);
      return this.faceOf(opened, id);
    });
    this.entries.set(id, adopted);
    try {
      return (await adopted.opening).face;
    } catch (err) {
      if (this.entries.get(id) === adopted) this.entries.delete(id);
      if (err instanceof EmulatorError && err.code === 'WORLD_NOT_FOUND') return undefined;
      throw err;
    }
  }

  private async deleteShared(shared: SharedWorlds, id: string): Promise<void> {
    if (!(await shared.directory.markDeleted(id))) throw worldNotFound(id);
    const entry = this.entries.get(id);
    this.entries.delete(id);
    this.sharedInfos = this.sharedInfos.filter((i) => i.id !== id);
    if (entry) await this.closeLocal(entry);
    await shared.directory.dropSchema(id);
  }

  /** Closes this process's handle on a world (after its requests under way); its schema stays. */
  private async closeLocal(entry: Entry<F>): Promise<void> {
    const opened = await entry.opening?.catch(() => undefined);
    await opened?.face.closeWorld(() => opened.storage.close());
  }

  private async materialize(entry: Entry<F>): Promise<{ face: F; storage: Storage }> {
    if (!entry.template) throw worldNotFound(entry.info.id);
    const storage = await openWorldStorage(this.kit.kind, this.kit.tables, entry.template.storage, this.pool);
    let face: F;
    try {
      const world = new World({ ...this.kit.world, storage, worlds: this });
      await world.startFrom(entry.template, this.kit.startAt);
      face = this.makeFace(world, entry.info.id);
    } catch (err) {
      await storage.close().catch(() => undefined);
      throw err;
    }
    if (this.servedAt) await face.serveAt(this.servedAt);
    return { face, storage };
  }
}
