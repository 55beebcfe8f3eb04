// The mcp area's scenario section: `workspaces[].mcp {enabled}` sets the workspace switch.
import { z } from 'zod';

export const McpScenarioSchema = z.strictObject({ enabled: z.boolean() });
export type McpScenario = z.infer<typeof McpScenarioSchema>;
