// Mounts the area list on a world: builds each area's API in order (each sees only the areas
// before it), gathers routes and jobs, loads scenario sections and runs workspace hooks.
import { BUILTIN_LOAD_STEPS, type AnyArea, type AreaApis, type AreaContext, type BuiltinLoadStep } from '../core/area.js';
import type { WorkspaceHandle } from '../core/handles.js';
import type { RouteDef } from '../core/route.js';
import type { JobHandlers } from '../clock/scheduler.js';
import { registerScenarioSections, sectionOf } from '../scenarios/sections.js';
import { WorkspaceDocSchema, type Scenario } from '../scenarios/schema.js';
import { CORE_TABLES } from '../storage/schema.js';
import type { TableDef } from '../storage/table-def.js';

/** Every table a world with these areas keeps: each listed area's in list order, then storage's own. */
export function worldTables(areas: readonly AnyArea[]): TableDef[] {
  return [...areas.flatMap((a) => a.tables ?? []), ...CORE_TABLES];
}

/**
 * Registers the areas' scenario sections, so every scenario parse knows their keys. Sections of the
 * areas in `proven` (the built-in list: area-mount.test.ts proves their keys apart from the
 * workspace fields) skip the clash check, which builds the whole workspace document schema (~10 ms
 * of a first create); any other area's section is checked as before.
 */
export function registerAreaSections(areas: readonly AnyArea[], proven: readonly AnyArea[] = []): void {
  const unproven = areas.some((a) => a.scenario !== undefined && !proven.includes(a));
  registerScenarioSections(
    areas.flatMap((a) => (a.scenario ? [a.scenario] : [])),
    // The workspace fields of the scenario document that no area section may take.
    unproven ? Object.keys(WorkspaceDocSchema.shape) : [],
  );
}

export class MountedAreas {
  private readonly apis = new Map<string, unknown>();
  readonly ctx: AreaContext;

  /** `given`: APIs handed in ready-made by area name, reachable before the list (a test's stand-ins). */
  constructor(
    private readonly areas: readonly AnyArea[],
    base: Omit<AreaContext, 'area'>,
    given: object = {},
  ) {
    for (const [name, api] of Object.entries(given)) this.apis.set(name, api);
    const area = (name: string): unknown => {
      if (!this.apis.has(name)) throw new Error(`area ${name} is not mounted (list it in \`uses\` and earlier in src/areas/index.ts)`);
      return this.apis.get(name);
    };
    this.ctx = { ...base, area: area as AreaContext['area'] };
    for (const def of areas) {
      if (this.apis.has(def.name)) throw new Error(`area ${def.name} is mounted twice`);
      for (const used of def.uses ?? []) if (!this.apis.has(used)) throw new Error(`area ${def.name} uses ${used}, which is not mounted before it`);
      this.apis.set(def.name, def.create(this.ctx));
    }
  }

  /** A mounted area's public API by name (typed for the names in `AreaApis`). */
  api<K extends keyof AreaApis>(name: K): AreaApis[K];
  api<T>(name: string): T;
  api(name: string): unknown {
    return this.ctx.area<unknown>(name);
  }

  routes(): RouteDef[] {
    return this.areas.flatMap((def) => def.routes?.(this.apis.get(def.name), this.ctx) ?? []);
  }

  jobs(): JobHandlers {
    const out: JobHandlers = {};
    for (const def of this.areas) {
      for (const [kind, handler] of Object.entries(def.jobs?.(this.apis.get(def.name), this.ctx) ?? {})) {
        const prefix = def.jobPrefix ?? def.name;
        if (!kind.startsWith(`${prefix}.`)) throw new Error(`job kind ${kind} of area ${def.name} must start with "${prefix}."`);
        out[kind] = handler;
      }
    }
    return out;
  }

  /** Tables the areas keep out of state exports. */
  unexported(): string[] {
    return this.areas.flatMap((a) => a.unexported ?? []);
  }

  /** Loads one workspace's built-in fields of one step, area by area in list order. */
  async loadBuiltinStep(step: BuiltinLoadStep, ws: Scenario['workspaces'][number], handle: WorkspaceHandle, now: number, seed: number): Promise<void> {
    for (const def of this.areas) {
      if (def.builtin?.step !== step) continue;
      await def.builtin.load(ws, { workspaceId: handle.id, handle, now, seed, ownerId: ws.ownerId }, this.apis.get(def.name), this.ctx);
    }
  }

  /** Loads the built-in fields of the steps after `workspace`: step by step, workspace by workspace. */
  async loadBuiltin(doc: Scenario, handles: WorkspaceHandle[], now: number): Promise<void> {
    for (const step of BUILTIN_LOAD_STEPS) {
      if (step === 'workspace') continue;
      for (const [index, ws] of doc.workspaces.entries()) {
        const handle = handles[index];
        if (handle) await this.loadBuiltinStep(step, ws, handle, now, doc.seed);
      }
    }
  }

  /** Loads every area's section of every workspace: area by area in list order, workspaces in document order. */
  async loadSections(doc: Scenario, handles: WorkspaceHandle[], now: number): Promise<void> {
    for (const def of this.areas) {
      const spec = def.scenario;
      if (!spec) continue;
      for (const [index, ws] of doc.workspaces.entries()) {
        const section = sectionOf(ws, spec.key);
        const handle = handles[index];
        if (section === undefined || !handle) continue;
        await spec.load(section, { workspaceId: handle.id, handle, now, seed: doc.seed, ownerId: ws.ownerId }, this.apis.get(def.name), this.ctx);
      }
    }
  }

  async workspaceDeleted(workspaceId: string): Promise<void> {
    for (const def of this.areas) await def.onWorkspaceDelete?.(workspaceId, this.apis.get(def.name), this.ctx);
  }

  async workspaceCloned(fromId: string, toId: string): Promise<void> {
    for (const def of this.areas) await def.onWorkspaceClone?.(fromId, toId, this.apis.get(def.name), this.ctx);
  }
}
