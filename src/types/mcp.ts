// Tool servers (MCP): the workspace switch, external tool servers registered on a release, and the
// release created from a tool server (issue 15; shapes emulator-defined after sdk.divinci.ai/mcp/*).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** `POST /white-label/{whitelabelId}/mcp-settings` body: the workspace's master switch. */
export const McpSettingsInputSchema = lazySchema(() => z.strictObject({ enabled: z.boolean() }));
export type McpSettingsInput = z.infer<typeof McpSettingsInputSchema>;

/** The workspace's tool-server settings (`mcpSettings` of the real dashboard). */
export const McpSettingsSchema = lazySchema(() => z.object({
  whitelabelId: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
}));
export type McpSettings = z.infer<typeof McpSettingsSchema>;

export const McpTransportSchema = lazySchema(() => z.enum(['streamable-http', 'sse']));
export type McpTransport = z.infer<typeof McpTransportSchema>;

/** A tool an external server lists (`tools/list`), as stored by discovery. */
export const McpRemoteToolSchema = lazySchema(() => z.object({
  name: z.string(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()).optional(),
}));
export type McpRemoteTool = z.infer<typeof McpRemoteToolSchema>;

/** An external tool server registered on a release; `headers` are write-only (only their names show). */
export const McpServerRecordSchema = lazySchema(() => z.object({
  _id: z.string(),
  id: z.string(),
  workspaceId: z.string(),
  releaseId: z.string(),
  title: z.string(),
  url: z.string(),
  transport: McpTransportSchema,
  enabled: z.boolean(),
  headerNames: z.array(z.string()),
  tools: z.array(McpRemoteToolSchema),
  discoveredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}));
export type McpServerRecord = z.infer<typeof McpServerRecordSchema>;

const HeadersSchema = lazySchema(() => z.record(z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'an HTTP header name'), z.string().max(4000)));

export const McpServerCreateSchema = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    url: z.url({ protocol: /^https?$/ }).max(2000),
    transport: McpTransportSchema.default('streamable-http'),
    headers: HeadersSchema.optional(),
    enabled: z.boolean().default(true),
  }));
export type McpServerCreate = z.infer<typeof McpServerCreateSchema>;

export const McpServerPatchSchema = lazySchema(() => z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    url: z.url({ protocol: /^https?$/ }).max(2000).optional(),
    transport: McpTransportSchema.optional(),
    headers: HeadersSchema.nullable().optional(),
    enabled: z.boolean().optional(),
  }));
export type McpServerPatch = z.infer<typeof McpServerPatchSchema>;

/** `POST /api/v1/releases/from-mcp`: the CLI's `release create-from-mcp --url --name`. */
export const ReleaseFromMcpInputSchema = lazySchema(() => z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)).optional(),
    transport: McpTransportSchema.default('streamable-http'),
    headers: HeadersSchema.optional(),
  }));
export type ReleaseFromMcpInput = z.infer<typeof ReleaseFromMcpInputSchema>;
