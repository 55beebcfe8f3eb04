// Integrations (emulator-defined; the spec's connectors, external-tools, export, compliance, onboarding and onboarding-webhook tags are "not shown"): document-style records with `_id` and `title`.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { IdSchema, IsoTimestampSchema } from './common.js';

const Title = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));
const HttpUrl = lazySchema(() => z
  .string()
  .max(2048)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'Only http and https URLs'));

// ---- connectors ----
export const CONNECTOR_KINDS = ['web', 'http-json', 'google-drive', 'notion', 'slack', 'confluence'] as const;
export const ConnectorKindSchema = lazySchema(() => z.enum(CONNECTOR_KINDS));
export type ConnectorKind = z.infer<typeof ConnectorKindSchema>;

/** Kinds whose sync runs in the emulator; the others need a third party's authorization. */
export const SYNCING_CONNECTOR_KINDS = ['web', 'http-json'] as const;

export const ConnectorConfigSchema = lazySchema(() => z
  .strictObject({
    /** `web`: the pages to fetch. */
    urls: z.array(HttpUrl).min(1).max(100).optional(),
    /** `http-json`: a URL answering `[{title, content, sourceUrl?}]`. */
    url: HttpUrl.optional(),
    /** Third-party kinds: where to read (a folder, a space, a channel), stored as given. */
    resource: z.string().max(500).optional(),
  }));
export type ConnectorConfig = z.infer<typeof ConnectorConfigSchema>;

export const CreateConnectorInputSchema = lazySchema(() => z
  .strictObject({
    title: Title,
    kind: ConnectorKindSchema,
    /** The RAG vector index the connector feeds (default: the workspace's first). */
    ragVectorId: IdSchema.max(200).optional(),
    config: ConnectorConfigSchema.default({}),
    /** Write-only: never answered, only `hasCredentials`. */
    credentials: z.record(z.string().max(100), z.string().max(4096)).optional(),
  }));
export type CreateConnectorInput = z.infer<typeof CreateConnectorInputSchema>;

export const UpdateConnectorInputSchema = lazySchema(() => z
  .object({
    title: Title,
    ragVectorId: IdSchema.max(200),
    config: ConnectorConfigSchema,
    credentials: z.record(z.string().max(100), z.string().max(4096)).nullable(),
  })
  .partial()
  .strict());
export type UpdateConnectorInput = z.infer<typeof UpdateConnectorInputSchema>;

export const ConnectorSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  kind: ConnectorKindSchema,
  workspaceId: IdSchema,
  ragVectorId: IdSchema,
  config: ConnectorConfigSchema,
  hasCredentials: z.boolean(),
  lastSyncAt: IsoTimestampSchema.optional(),
  lastSyncStatus: z.string().optional(),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type Connector = z.infer<typeof ConnectorSchema>;

export const SyncRunStatusSchema = lazySchema(() => z.enum(['queued', 'running', 'succeeded', 'failed']));
export type SyncRunStatus = z.infer<typeof SyncRunStatusSchema>;

export const SyncRunErrorSchema = lazySchema(() => z.object({ item: z.string(), message: z.string() }));
export type SyncRunError = z.infer<typeof SyncRunErrorSchema>;

export const ConnectorSyncRunSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  connectorId: IdSchema,
  status: SyncRunStatusSchema,
  itemsFound: z.number().check(z.int(), z.nonnegative()),
  itemsIngested: z.number().check(z.int(), z.nonnegative()),
  itemsSkipped: z.number().check(z.int(), z.nonnegative()),
  /** Items that could not be fetched or read (the run itself still succeeds). */
  itemsFailed: z.number().check(z.int(), z.nonnegative()),
  /** RAG file ids the run created. */
  fileIds: z.array(IdSchema),
  errors: z.array(SyncRunErrorSchema),
  createdAt: IsoTimestampSchema,
  startedAt: IsoTimestampSchema.optional(),
  finishedAt: IsoTimestampSchema.optional(),
}));
export type ConnectorSyncRun = z.infer<typeof ConnectorSyncRunSchema>;

// ---- external tools ----
export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const CreateExternalToolInputSchema = lazySchema(() => z
  .strictObject({
    title: Title,
    /** The name a model calls it by. */
    name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/, 'Letters, digits, _ and -, starting with a letter (at most 64)'),
    description: z.string().max(2000).default(''),
    /** A JSON Schema object (type, properties, required, enum, minimum/maximum, minLength/maxLength, items). */
    inputSchema: z.record(z.string(), z.unknown()).default({ type: 'object', properties: {} }),
    url: HttpUrl,
    method: z.enum(TOOL_METHODS).default('POST'),
    /** Sent with every call; write-only: reads show `***` for every value. */
    headers: z.record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'A header name'), z.string().max(4096)).default({}),
    releaseIds: z.array(IdSchema.max(200)).max(100).default([]),
  }));
export type CreateExternalToolInput = z.infer<typeof CreateExternalToolInputSchema>;

export const UpdateExternalToolInputSchema = lazySchema(() => z
  .object({
    title: Title,
    name: CreateExternalToolInputSchema.shape.name,
    description: z.string().max(2000),
    inputSchema: z.record(z.string(), z.unknown()),
    url: HttpUrl,
    method: z.enum(TOOL_METHODS),
    headers: z.record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'A header name'), z.string().max(4096)),
    releaseIds: z.array(IdSchema.max(200)).max(100),
  })
  .partial()
  .strict());
export type UpdateExternalToolInput = z.infer<typeof UpdateExternalToolInputSchema>;

export const ExternalToolSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  name: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  url: z.string(),
  method: z.enum(TOOL_METHODS),
  /** Header names with masked values (`***`). */
  headers: z.record(z.string(), z.string()),
  releaseIds: z.array(IdSchema),
  workspaceId: IdSchema,
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
}));
export type ExternalTool = z.infer<typeof ExternalToolSchema>;

export const ExternalToolTestInputSchema = lazySchema(() => z.strictObject({ input: z.record(z.string(), z.unknown()).default({}) }));
export type ExternalToolTestInput = z.infer<typeof ExternalToolTestInputSchema>;

export const ExternalToolTestResultSchema = lazySchema(() => z.object({
  /** The tool's HTTP status; 0 when it could not be reached. */
  status: z.number().int(),
  ok: z.boolean(),
  /** Its JSON answer, else its text. */
  body: z.unknown(),
  error: z.string().optional(),
  /** Emulator-clock milliseconds (0 on a manual clock that did not move). */
  durationMs: z.number().check(z.int(), z.nonnegative()),
}));
export type ExternalToolTestResult = z.infer<typeof ExternalToolTestResultSchema>;

// ---- export ----
export const ExportKindSchema = lazySchema(() => z.enum(['transcripts', 'workspace']));
export type ExportKind = z.infer<typeof ExportKindSchema>;
export const ExportFormatSchema = lazySchema(() => z.enum(['jsonl', 'csv', 'zip']));
export type ExportFormat = z.infer<typeof ExportFormatSchema>;
export const IntegrationJobStatusSchema = lazySchema(() => z.enum(['queued', 'running', 'succeeded', 'failed']));
export type IntegrationJobStatus = z.infer<typeof IntegrationJobStatusSchema>;

export const CreateExportInputSchema = lazySchema(() => z
  .strictObject({
    kind: ExportKindSchema,
    format: ExportFormatSchema.optional(),
    title: Title.optional(),
    filters: z
      .strictObject({
        releaseId: IdSchema.max(200).optional(),
        transcriptIds: z.array(IdSchema.max(200)).max(1000).optional(),
        from: IsoTimestampSchema.optional(),
        to: IsoTimestampSchema.optional(),
      })
      .default({}),
  }));
export type CreateExportInput = z.infer<typeof CreateExportInputSchema>;

export const ExportJobSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  kind: ExportKindSchema,
  format: ExportFormatSchema,
  status: IntegrationJobStatusSchema,
  workspaceId: IdSchema,
  filters: z.record(z.string(), z.unknown()),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().check(z.int(), z.nonnegative()).optional(),
  /** Rows written (messages for transcripts; files in the archive for a workspace). */
  items: z.number().check(z.int(), z.nonnegative()).optional(),
  downloadUrl: z.string().optional(),
  error: z.string().optional(),
  createdAt: IsoTimestampSchema,
  finishedAt: IsoTimestampSchema.optional(),
  expiresAt: IsoTimestampSchema.optional(),
}));
export type ExportJob = z.infer<typeof ExportJobSchema>;

// ---- compliance ----
export const ComplianceSubjectSchema = lazySchema(() => z
  .strictObject({
    userId: IdSchema.max(200).optional(),
    email: z.string().email().max(320).optional(),
    externalUserId: IdSchema.max(200).optional(),
  })
  .refine((s) => [s.userId, s.email, s.externalUserId].filter((v) => v !== undefined).length === 1, 'Name exactly one of userId, email, externalUserId'));
export type ComplianceSubject = z.infer<typeof ComplianceSubjectSchema>;

export const CreateComplianceRequestInputSchema = lazySchema(() => z
  .strictObject({ type: z.enum(['export', 'deletion']), subject: ComplianceSubjectSchema, title: Title.optional() }));
export type CreateComplianceRequestInput = z.infer<typeof CreateComplianceRequestInputSchema>;

export const ComplianceRequestSchema = lazySchema(() => z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  type: z.enum(['export', 'deletion']),
  subject: z.record(z.string(), z.string()),
  status: IntegrationJobStatusSchema,
  workspaceId: IdSchema,
  /** What was found (export) or removed (deletion), by kind. */
  counts: z.record(z.string(), z.number().check(z.int(), z.nonnegative())).optional(),
  downloadUrl: z.string().optional(),
  createdAt: IsoTimestampSchema,
  finishedAt: IsoTimestampSchema.optional(),
}));
export type ComplianceRequest = z.infer<typeof ComplianceRequestSchema>;

// ---- onboarding ----
export const OnboardingStepSchema = lazySchema(() => z.object({ id: z.string(), title: z.string(), done: z.boolean() }));
export type OnboardingStep = z.infer<typeof OnboardingStepSchema>;

export const OnboardingChecklistSchema = lazySchema(() => z.object({
  _id: IdSchema,
  title: z.string(),
  workspaceId: IdSchema,
  steps: z.array(OnboardingStepSchema),
  completed: z.number().check(z.int(), z.nonnegative()),
  total: z.number().check(z.int(), z.nonnegative()),
  done: z.boolean(),
  dismissed: z.boolean(),
  dismissedAt: IsoTimestampSchema.optional(),
}));
export type OnboardingChecklist = z.infer<typeof OnboardingChecklistSchema>;

export const OnboardingWebhookInputSchema = lazySchema(() => z
  .strictObject({
    /** The event id: the same id answers the same provisioning again and creates nothing. */
    id: z.string().check(z.minLength(1), z.maxLength(200)),
    type: z.literal('workspace.provision').default('workspace.provision'),
    data: z
      .strictObject({
        workspace: z.strictObject({ title: Title, description: z.string().max(2000).optional() }),
        owner: z.strictObject({ email: z.string().email().max(320), name: z.string().max(200).optional() }),
        apiKey: z.strictObject({ name: Title.optional() }).default({}),
      }),
  }));
export type OnboardingWebhookInput = z.infer<typeof OnboardingWebhookInputSchema>;

export const OnboardingProvisionedSchema = lazySchema(() => z.object({
  eventId: z.string(),
  workspace: z.object({ _id: IdSchema, id: IdSchema, title: z.string(), name: z.string(), slug: z.string() }),
  owner: z.object({ _id: IdSchema, id: IdSchema, email: z.string() }),
  apiKey: z.object({ _id: IdSchema, id: IdSchema, name: z.string(), keyPrefix: z.string(), secret: z.string() }),
  createdAt: IsoTimestampSchema,
}));
export type OnboardingProvisioned = z.infer<typeof OnboardingProvisionedSchema>;
