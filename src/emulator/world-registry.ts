// The worlds of one emulator: the default world plus created ones, each isolated (its own storage,
// clock, seed, journal, faults, mailbox, rate limits and caches). A created world starts from a
// cached image of its scenario (one per scenario, seed and start, built once by a template world
// that loads it); the world itself is opened on first use, so creating one costs an id and a
// reference to the image, and an unused world holds nothing else.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
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

/** What the registry makes worlds with: the emulator's own options, shared by every world. */
export interface WorldKit {
  kind: StorageKind;
  tables: readonly TableDef[];
  world: Omit<WorldOptions, 'storage' | 'worlds'>;
  resolveScenario: ScenarioResolver;
  /** The pinned start (`now` option) every world's scenario is shifted to. */
  startAt?: number;
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
  template: WorldSnapshot;
  opening?: Promise<{ face: F; storage: Storage }>;
}

/** The id of the n-th created world under the emulator's seed: short, url-safe, replayed by the same seed. */
function worldId(seed: number, n: number): string {
  return `w_${bytesToHex(sha256(utf8ToBytes(`world:${seed}:${n}`))).slice(0, 12)}`;
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

  constructor(
    private readonly kit: WorldKit,
    /** Makes the face of a world just opened. */
    private readonly makeFace: (world: World, id: string) => F,
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
    return [...root, ...[...this.entries.values()].map((e) => e.info)].map((info) => ({ ...info }));
  }

  /** A world's face, opened on first use; `default` is the emulator itself; undefined when none. */
  open(id: string): Promise<F> | undefined {
    if (id === 'default') return this.root && Promise.resolve(this.root.face);
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

  private async materialize(entry: Entry<F>): Promise<{ face: F; storage: Storage }> {
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
