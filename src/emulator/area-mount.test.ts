// Scenario sections and the workspace fields: no built-in area's section takes a workspace field
// (so registering the built-in list skips that check), and an extra area's section that would is refused.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../areas/index.js';
import { defineArea } from '../core/area.js';
import { createEmulator } from '../index.js';
import { WorkspaceDocSchema } from '../scenarios/schema.js';

/** An extra area whose only part is a scenario section under `key`. */
const sectionArea = (key: string) =>
  defineArea({ name: `section-${key}`, create: () => ({}), scenario: { key, schema: z.array(z.string()), load: async () => undefined } });

describe('area scenario sections', () => {
  it('no built-in area section takes a workspace field of the scenario document', () => {
    const fields = Object.keys(WorkspaceDocSchema.shape);
    expect(fields).toContain('name');
    const keys = AREAS.flatMap((a) => (a.scenario ? [a.scenario.key] : []));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => fields.includes(key))).toEqual([]);
  });

  it('refuses an extra area whose section takes a workspace field, and takes one that does not', async () => {
    await expect(createEmulator({ scenario: 'empty', areas: [sectionArea('name')], onNotice() {} })).rejects.toThrow('scenario section name clashes with a built-in workspace field');
    const emulator = await createEmulator({ scenario: 'empty', areas: [sectionArea('area-mount-test-notes')], onNotice() {} });
    await emulator.close();
  });
});
