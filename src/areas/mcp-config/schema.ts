// Tool-server (MCP) configuration shapes: the path parameter and the answer, the release's
// `mcpConfig` (spec section 2).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { McpConfigSchema } from '../../types/releases.js';

export const McpConfigParamsSchema = lazySchema(() => z.object({ whitelabelId: z.string().check(z.minLength(1), z.maxLength(200)) }));

export const McpConfigAnswerSchema = McpConfigSchema;
