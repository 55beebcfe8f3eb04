// Scenario validation with every problem listed by path, as `check` and the control API show them.
import { validationError, type ValidationIssue } from '../core/errors.js';
import { formatPath, zodIssues } from '../core/validation.js';
import { ScenarioShapeSchema, scenarioReferenceIssues, type Scenario } from './schema.js';
import { splitSections } from './sections.js';

export type ScenarioCheck = { ok: true; scenario: Scenario } | { ok: false; issues: ValidationIssue[] };

/** Shape and cross-references are checked apart, so every problem is listed at once. */
export function checkScenario(doc: unknown): ScenarioCheck {
  // Areas' sections (scenarios/sections.ts) are validated by their own schemas, the rest as before.
  const sections = splitSections(doc);
  const result = ScenarioShapeSchema.safeParse(sections.rest);
  const references = scenarioReferenceIssues(doc).map((i) => ({ path: formatPath(i.path), message: i.message }));
  const issues = [...(result.success ? [] : zodIssues(result.error)), ...sections.issues, ...references];
  if (!result.success || issues.length > 0) return { ok: false, issues };
  sections.attach(result.data.workspaces);
  return { ok: true, scenario: result.data };
}

/** Parses a scenario or throws the 400 VALIDATION_ERROR of contract section 7. */
export function parseScenario(doc: unknown): Scenario {
  const checked = checkScenario(doc);
  if (!checked.ok) throw validationError('Invalid scenario document', checked.issues);
  return checked.scenario;
}

/** Resolves a built-in scenario name to a parsed document (Node reads `scenarios/`). */
export type ScenarioResolver = (name: string) => Promise<Scenario>;

/** A scenario that can be loaded by name, as the control API lists it. */
export interface ScenarioSummary {
  name: string;
  description: string;
}

/** Lists the scenarios a resolver knows by name (Node lists `scenarios/`). */
export type ScenarioLister = () => Promise<ScenarioSummary[]>;
