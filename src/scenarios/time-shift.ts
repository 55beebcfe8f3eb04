// One offset for every time a scenario names: `real` clocks start at the wall clock and `--now`
// pins the start, and moving the scenario's `now` alone would break its relations (a key that
// expires in ten minutes, a transcript an hour old). Applied once, before the loader reads it.
import type { Scenario } from './schema.js';
import { shiftSections } from './sections.js';

const shiftIso = (iso: string, offsetMs: number): string => new Date(Date.parse(iso) + offsetMs).toISOString();

/** The scenario with `now` at `start` and every other time it names moved by the same offset. */
export function shiftScenario(scenario: Scenario, start: number): Scenario {
  const offset = start - Date.parse(scenario.now);
  if (offset === 0) return scenario;
  return {
    ...scenario,
    now: new Date(start).toISOString(),
    workspaces: scenario.workspaces.map((ws) => ({
      ...shiftSections(ws, offset),
      apiKeys: ws.apiKeys.map((key) => (key.expiresAt === null ? key : { ...key, expiresAt: shiftIso(key.expiresAt, offset) })),
      transcripts: ws.transcripts.map((t) => ({
        ...t,
        ...(t.createdAt !== undefined && { createdAt: shiftIso(t.createdAt, offset) }),
        messages: t.messages.map((m) =>
          m.timestamp === undefined ? m : { ...m, timestamp: typeof m.timestamp === 'number' ? m.timestamp + offset : shiftIso(m.timestamp, offset) },
        ),
      })),
    })),
  };
}
