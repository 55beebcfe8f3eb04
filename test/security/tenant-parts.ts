// The tenant walk's later parts: each area added after the first walk brings its own rules and, when
// its routes need ids of A's resources, the requests that make them (test/security/parts/<area>.ts).
import type { SuiteDoor } from '../support/use-door.js';
import { RULES, type Rule } from './tenant-routes.js';
import { populateA, type AIds } from './tenant-setup.js';
import { audioPart } from './parts/audio.js';
import { flaggersAnalyticsPart } from './parts/flaggers-analytics.js';
import { mcpPart } from './parts/mcp.js';
import { integrationsPart } from './parts/integrations.js';
import { wsMountPart } from './parts/ws-mount.js';
import { notifyPart } from './parts/notify.js';
import { crawlPart } from './parts/crawl.js';

export interface TenantPart {
  /** Its routes, classified like RULES (`METHOD /path/:param` → rule). */
  rules: Record<string, Rule>;
  /** Makes A's resources its routes name, after the base setup; answers the ids it adds. */
  populate?(door: SuiteDoor, ids: AIds): Promise<AIds>;
}

/** One line per part (append yours). */
export const PARTS: TenantPart[] = [
  audioPart,
  flaggersAnalyticsPart,
  mcpPart,
  integrationsPart,
  wsMountPart,
  notifyPart,
  crawlPart,
];

/** Every rule: the first walk's and each part's (a route classified twice is a mistake). */
export const ALL_RULES: Record<string, Rule> = (() => {
  const all: Record<string, Rule> = { ...RULES };
  for (const part of PARTS) {
    for (const [key, rule] of Object.entries(part.rules)) {
      if (key in all) throw new Error(`tenant rule ${key} is given twice`);
      all[key] = rule;
    }
  }
  return all;
})();

/** A's resources: the base setup, then each part's in order. */
export async function populateAll(door: SuiteDoor): Promise<AIds> {
  let ids = await populateA(door);
  for (const part of PARTS) if (part.populate) ids = { ...ids, ...(await part.populate(door, ids)) };
  return ids;
}
