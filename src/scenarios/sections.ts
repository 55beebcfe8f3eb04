// The scenario sections areas add to a workspace document (`workspaces[].<key>`): the world registers
// its area list here once, and every parse of a scenario (load, check, built-ins, state import)
// validates those keys with the area's own zod schema. Scenarios never import areas.
import type { ZodType } from 'zod';
import type { ValidationIssue } from '../core/errors.js';
import { formatPath } from '../core/validation.js';

export interface ScenarioSectionSpec {
  key: string;
  schema: ZodType;
  shift?(section: never, offsetMs: number): unknown;
}

const sections = new Map<string, ScenarioSectionSpec>();

/** Adds sections (the area list's, or a test's extra area); a key given again is replaced. */
export function registerScenarioSections(list: readonly ScenarioSectionSpec[], reserved: readonly string[] = []): void {
  for (const spec of list) {
    if (reserved.includes(spec.key)) throw new Error(`scenario section ${spec.key} clashes with a built-in workspace field`);
    sections.set(spec.key, spec);
  }
}

export function scenarioSections(): ScenarioSectionSpec[] {
  return [...sections.values()];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Takes the area sections out of each workspace of `doc` (so the built-in strict schema sees only its
 * own keys) and validates them; `attach` puts the parsed sections back on the parsed workspaces.
 */
export function splitSections(doc: unknown): {
  rest: unknown;
  issues: ValidationIssue[];
  attach(workspaces: object[]): void;
} {
  const parsed: { index: number; key: string; value: unknown }[] = [];
  const issues: ValidationIssue[] = [];
  if (sections.size === 0 || !isRecord(doc) || !Array.isArray(doc.workspaces)) return { rest: doc, issues, attach: () => undefined };
  const workspaces = doc.workspaces.map((ws: unknown, index) => {
    if (!isRecord(ws)) return ws;
    const copy = { ...ws };
    for (const spec of sections.values()) {
      if (!(spec.key in copy)) continue;
      const raw = copy[spec.key];
      delete copy[spec.key];
      const result = spec.schema.safeParse(raw);
      if (result.success) {
        parsed.push({ index, key: spec.key, value: result.data });
        continue;
      }
      const at = ['workspaces', index, spec.key];
      for (const issue of result.error.issues) {
        if (issue.code === 'unrecognized_keys') for (const k of issue.keys) issues.push({ path: formatPath([...at, ...issue.path, k]), message: 'Unknown field' });
        else issues.push({ path: formatPath([...at, ...issue.path]), message: issue.message });
      }
    }
    return copy;
  });
  return {
    rest: { ...doc, workspaces },
    issues,
    attach: (out) => {
      for (const { index, key, value } of parsed) {
        const ws = out[index];
        if (ws) (ws as Record<string, unknown>)[key] = value;
      }
    },
  };
}

/** A workspace's section by key, as parsed (undefined when the workspace has none). */
export function sectionOf(workspace: object, key: string): unknown {
  return (workspace as Record<string, unknown>)[key];
}

/** Moves the times of every area section of a workspace by `offsetMs`. */
export function shiftSections<W extends object>(workspace: W, offsetMs: number): W {
  let out = workspace;
  for (const spec of sections.values()) {
    const value = sectionOf(workspace, spec.key);
    if (value === undefined || !spec.shift) continue;
    out = { ...out, [spec.key]: spec.shift(value as never, offsetMs) };
  }
  return out;
}
