// One offset for every scenario time: relations between the scenario's times survive the shift.
import { describe, expect, it } from 'vitest';
import { parseScenario } from './validate.js';
import { shiftScenario } from './time-shift.js';

describe('shiftScenario', () => {
  it('moves now, key expiries, transcript and message times by the same offset', () => {
    const scenario = parseScenario({
      name: 'shift',
      now: '2026-01-01T00:00:00.000Z',
      users: [{ id: 'u' }],
      workspaces: [
        {
          id: 'w',
          name: 'W',
          ownerId: 'u',
          apiKeys: [{ name: 'soon', expiresAt: '2026-01-01T00:10:00.000Z' }, { name: 'never' }],
          transcripts: [
            {
              title: 'T',
              createdAt: '2025-12-31T23:00:00.000Z',
              messages: [
                { role: 'user', content: 'a', timestamp: '2025-12-31T23:00:00.000Z' },
                { role: 'assistant', content: 'b', timestamp: Date.parse('2025-12-31T23:01:00.000Z') },
                { role: 'user', content: 'c' },
              ],
            },
          ],
        },
      ],
    });
    const start = Date.parse('2030-06-01T12:00:00.000Z');
    const shifted = shiftScenario(scenario, start);
    expect(shifted.now).toBe('2030-06-01T12:00:00.000Z');
    const ws = shifted.workspaces[0]!;
    expect(ws.apiKeys.map((k) => k.expiresAt)).toEqual(['2030-06-01T12:10:00.000Z', null]);
    expect(ws.transcripts[0]!.createdAt).toBe('2030-06-01T11:00:00.000Z');
    expect(ws.transcripts[0]!.messages.map((m) => m.timestamp)).toEqual(['2030-06-01T11:00:00.000Z', Date.parse('2030-06-01T11:01:00.000Z'), undefined]);
    // The input is left as it was, and no offset is no change.
    expect(scenario.now).toBe('2026-01-01T00:00:00.000Z');
    expect(shiftScenario(scenario, Date.parse(scenario.now))).toBe(scenario);
  });
});
