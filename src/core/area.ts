// An area is a module: one definition gives its tables, its public API (stores and services), its
// routes, its clock jobs, its scenario section and its workspace hooks; the world mounts a list of
// them (src/areas/index.ts) in order. Areas reach each other only through `ctx.area(name)`.
import type { ZodType } from 'zod';
import type { JobHandlers } from '../clock/scheduler.js';
import type { TableDef } from '../storage/table-def.js';
import type { TokenSigner } from '../security/jwt.js';
import type { VectorIndexes } from '../vector/index-manager.js';
import type { WorkspaceHandle } from './handles.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RouteDef } from './route.js';
import type { StoreDeps } from './services.js';

/**
 * The public API of every mounted area by name. Each area adds its own entry by declaration
 * merging (`declare module '../../core/area.js' { interface AreaApis { 'fine-tune': FineTuneService } }`),
 * so `ctx.area('fine-tune')` is typed; a name nobody declared still works as `ctx.area<T>(name)`.
 */
export interface AreaApis {}

/** The world's settings (the scenario's `settings`); scenarios/schema.ts fills it in by declaration merging. */
export interface WorldSettings {}

/** A mail the emulated service sends; it lands in the emulator's mailbox (GET /__emulator/mailbox). */
export interface AreaMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export interface AreaMailbox {
  send(mail: AreaMail): { id: string; at: string };
}

/**
 * Something that happened in the emulated service, raised by the area where it happened (a file
 * indexed, a message flagged, a QA run finished...). Kinds are dotted names, `<area>.<what>`
 * (emulator-defined: the spec does not show them). The notifications area listens: it turns events
 * into notifications and signed webhook deliveries.
 */
export interface ServiceEvent {
  workspaceId: string;
  /** e.g. `rag.file.indexed`, `rag.file.failed`, `message.flagged`, `feedback.created`. */
  kind: string;
  /** The event's payload: ids and a few fields of the record it is about (JSON values only). */
  data: Record<string, unknown>;
  /** Tags the event carries (a flagger's `notificationTags`): triggers fire on them. */
  tags?: string[];
  /** A short human line, shown as the notification's message. */
  message?: string;
}

/** A raised event with the emulator time it was raised at (epoch ms). */
export interface RaisedEvent extends ServiceEvent {
  at: number;
}

export type EventListener = (event: RaisedEvent) => Promise<void> | void;

/** The world's event hub: `emit` awaits every listener in the order they subscribed (inside the emitter's transaction). */
export interface AreaEvents {
  emit(event: ServiceEvent): Promise<void>;
  /** Subscribes for the world's life (areas subscribe once, in `create`). */
  on(listener: EventListener): void;
}

/**
 * Outbound HTTP from the emulated service (webhook deliveries, crawls, remote tool servers): the
 * process's `fetch` looked up at call time, so MSW's interception applies, unless the emulator was
 * created with its own `fetch`. Never called at import time or during a scenario load.
 */
export type OutboundFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** What an area is built from: the world's services, and the other areas mounted before it. */
export interface AreaContext extends StoreDeps {
  /** The same five services as one object, for stores that take `StoreDeps`. */
  readonly deps: StoreDeps;
  /** The loaded scenario's seed (replies and generated content derive from it). */
  seed(): number;
  settings(): WorldSettings;
  /** Runs `fn` atomically (route handlers already run inside one; jobs and hooks may need it). */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  readonly mailbox: AreaMailbox;
  /** The world's event hub (see ServiceEvent). */
  readonly events: AreaEvents;
  /** Outbound HTTP (see OutboundFetch). */
  readonly outbound: OutboundFetch;
  readonly rateLimiter: RateLimiter;
  /** The world's token signer (it changes with the seed: ask at use, never keep it). */
  signer(): TokenSigner;
  /** The world's in-memory vector indexes (they follow storage snapshots; the world clears and restores them). */
  readonly vectorIndexes: VectorIndexes;
  /** Another area's public API. Throws for an area not mounted (yet): list it in `uses`, earlier in the list. */
  area<K extends keyof AreaApis>(name: K): AreaApis[K];
  area<T>(name: string): T;
}

/** Where a workspace's scenario section is loaded. */
export interface AreaLoadTarget {
  workspaceId: string;
  /** The workspace's handle: an area may add its own field (see core/handles.ts). */
  handle: WorkspaceHandle;
  /** Emulator time of the load (epoch ms). */
  now: number;
  seed: number;
  /** The workspace's owner. */
  ownerId: string;
}

/** An optional per-workspace section of the scenario document (`workspaces[].<key>`). */
export interface AreaScenarioSection<Api, Section> {
  /** The key in a workspace document; must not clash with the built-in keys. */
  key: string;
  /** Validates the section (a bad one is a 400 VALIDATION_ERROR naming `workspaces.N.<key>...`). */
  schema: ZodType<Section>;
  /** Loads a workspace's section, after the built-in content and the areas listed earlier. */
  load(section: Section, at: AreaLoadTarget, api: Api, ctx: AreaContext): Promise<void> | void;
  /** Moves every time the section names by `offsetMs` (a real clock or `--now` moves the whole scenario). */
  shift?(section: Section, offsetMs: number): Section;
}

/**
 * The steps of loading the built-in workspace fields of a scenario (`apiKeys`, `releases`,
 * `transcripts`, `rag`, `groups`, `byok`, `permissions`, `terms`: the document's own schema,
 * src/scenarios/schema.ts, validates them). `workspace` runs as each workspace is written (after its
 * row and members, before the next workspace); the users' tokens are signed after all workspaces;
 * then the other steps in order, each workspace by workspace. Within a workspace, areas go in list
 * order. The order draws seeded ids: keep it.
 */
export const BUILTIN_LOAD_STEPS = ['workspace', 'rag', 'identity', 'terms'] as const;
export type BuiltinLoadStep = (typeof BUILTIN_LOAD_STEPS)[number];

/** An area's part of a workspace's built-in scenario fields; `Doc` names the fields it reads. */
export interface AreaBuiltinLoad<Api, Doc> {
  step: BuiltinLoadStep;
  load(workspace: Doc, at: AreaLoadTarget, api: Api, ctx: AreaContext): Promise<void> | void;
}

export interface AreaDefinition<Api = unknown, Section = unknown, Doc = never> {
  /** The area's name, usually its spec tag; `ctx.area(name)` finds its API by it. */
  name: string;
  /** Its tables (portable SQL). Rows of a table with a `workspace_id` column go with their workspace. */
  tables?: TableDef[];
  /** Tables kept out of state exports (derived data, rebuilt when missing). */
  unexported?: string[];
  /** Areas whose API it reads; each must be mounted earlier in the list. */
  uses?: string[];
  /** Builds its stores and services: the value is its public API. */
  create(ctx: AreaContext): Api;
  routes?(api: Api, ctx: AreaContext): RouteDef[];
  /** Clock jobs by kind; every kind starts with `<jobPrefix>.`. */
  jobs?(api: Api, ctx: AreaContext): JobHandlers;
  /** The prefix of its job kinds, when not its name (kinds are stored in the jobs table: older areas keep theirs). */
  jobPrefix?: string;
  scenario?: AreaScenarioSection<Api, Section>;
  /** Its built-in workspace fields of the scenario document (the older areas'); new areas use `scenario`. */
  builtin?: AreaBuiltinLoad<Api, Doc>;
  /** Runs when a workspace is deleted, after the automatic sweep of rows with its `workspace_id`. */
  onWorkspaceDelete?(workspaceId: string, api: Api, ctx: AreaContext): Promise<void> | void;
  /** Runs when a workspace clone completes: copy what the clone should carry. */
  onWorkspaceClone?(fromId: string, toId: string, api: Api, ctx: AreaContext): Promise<void> | void;
}

/** Any area, as the list holds them. */
export type AnyArea = AreaDefinition<any, any, any>;

/** Declares an area; the identity function, there for the types (Api, Section and Doc are inferred). */
export function defineArea<Api, Section = never, Doc = never>(definition: AreaDefinition<Api, Section, Doc>): AreaDefinition<Api, Section, Doc> {
  return definition;
}
