// Mounts the area list on a world: builds each area's API in order (each sees only the areas
// before it), gathers routes and jobs, loads scenario sections and runs workspace hooks.
import type { AnyArea, AreaContext } from '../core/area.js';
import type { WorkspaceHandle } from '../core/handles.js';
import type { RouteDef } from '../core/route.js';
import type { JobHandlers } from '../clock/scheduler.js';
import { registerScenarioSections, sectionOf } from '../scenarios/sections.js';
import { WorkspaceDocSchema, type Scenario } from '../scenarios/schema.js';
import { BUILTIN_AREA_TABLES } from '../areas/builtin-tables.js';
import { CORE_TABLES } from '../storage/schema.js';
import type { TableDef } from '../storage/table-def.js';

/** The workspace fields of the scenario document that no area section may take. */
const RESERVED_KEYS = Object.keys(WorkspaceDocSchema.shape);

/** Every table a world with these areas keeps: the built-in areas', each listed area's in order, then storage's own. */
export function worldTables(areas: readonly AnyArea[]): TableDef[] {
  return [...BUILTIN_AREA_TABLES, ...areas.flatMap((a) => a.tables ?? []), ...CORE_TABLES];
}

/** Registers the areas' scenario sections, so every scenario parse knows their keys. */
export function registerAreaSections(areas: readonly AnyArea[]): void {
  registerScenarioSections(
    areas.flatMap((a) => (a.scenario ? [a.scenario] : [])),
    RESERVED_KEYS,
  );
}

export class MountedAreas {
  private readonly apis = new Map<string, unknown>();
  readonly ctx: AreaContext;

  /** `builtin`: the APIs of the areas not yet in the list (world.ts builds them), by area name. */
  constructor(
    private readonly areas: readonly AnyArea[],
    base: Omit<AreaContext, 'area'>,
    builtin: object,
  ) {
    for (const [name, api] of Object.entries(builtin)) this.apis.set(name, api);
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

  api<T>(name: string): T {
    return this.ctx.area<T>(name);
  }

  routes(): RouteDef[] {
    return this.areas.flatMap((def) => def.routes?.(this.apis.get(def.name), this.ctx) ?? []);
  }

  jobs(): JobHandlers {
    const out: JobHandlers = {};
    for (const def of this.areas) {
      for (const [kind, handler] of Object.entries(def.jobs?.(this.apis.get(def.name), this.ctx) ?? {})) {
        if (!kind.startsWith(`${def.name}.`)) throw new Error(`job kind ${kind} of area ${def.name} must start with "${def.name}."`);
        out[kind] = handler;
      }
    }
    return out;
  }

  /** Tables the areas keep out of state exports. */
  unexported(): string[] {
    return this.areas.flatMap((a) => a.unexported ?? []);
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
