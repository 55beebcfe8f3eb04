// The mcp area's scenario section: `workspaces[].mcp {enabled}` sets the workspace switch.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

export const McpScenarioSchema = lazySchema(() => z.strictObject({ enabled: z.boolean() }));
export type McpScenario = z.infer<typeof McpScenarioSchema>;
