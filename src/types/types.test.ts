// Tests of the public `service-emulator/types` schemas: valid samples parse, invalid ones fail for the right reason.
import { describe, it, expect, expectTypeOf } from 'vitest';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import * as types from './index.js';
import {
  ApiKeySchema,
  ApiKeyWithSecretSchema,
  ApiResponseErrorSchema,
  apiResponse,
  ChatCTAPublicSchema,
  ChatCTASchema,
  ChatMessageSchema,
  ChatResponseSchema,
  ChatThreadSchema,
  ChatUsageSchema,
  ChunkSchema,
  CompressionStrategySchema,
  CreateChatOptionsSchema,
  CreateReleaseOptionsSchema,
  CtaVersionEntrySchema,
  ErrorEnvelopeSchema,
  errorEnvelope,
  FeedbackRecordSchema,
  FieldValidationErrorSchema,
  InvalidTierDetailsSchema,
  IsoTimestampSchema,
  MembershipTierSchema,
  MessageSchema,
  McpConfigSchema,
  paginatedResponse,
  PaymentRequiredDetailsSchema,
  QuotaStatusSchema,
  RagCollectionSchema,
  RagContextByCollectionSchema,
  RagContextByGroupSchema,
  RagContextQuerySchema,
  RagContextResultSchema,
  RagDocumentSchema,
  RagDocumentStatusSchema,
  RagFileRecordSchema,
  RagSearchResultSchema,
  RagUploadFieldsSchema,
  RagUploadTextFieldsSchema,
  RateLimitDetailsSchema,
  ReleaseConfigSchema,
  ReleaseSchema,
  ReleaseStatusSchema,
  ResourceMetadataSchema,
  SendMessageOptionsSchema,
  TermsAcceptInputSchema,
  TermsGateSchema,
  TierConfigSchema,
  TranscriptListItemSchema,
  TranscriptListResponseSchema,
  TranscriptSchema,
  UserSchema,
  ValidationErrorDetailsSchema,
  WorkspaceMemberSchema,
  WorkspaceSchema,
  type ApiResponse,
  type ChatCTA,
  type PaginatedResponse,
  type Release,
} from './index.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The paths (dotted) of the issues of a failed parse, or [] when it succeeded. */
function failedPaths(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

function issueCodes(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.code);
}

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T10:30:00+02:00' };

describe('common', () => {
  it('ISO timestamps need a date, a time and an offset', () => {
    expect(IsoTimestampSchema.safeParse('2026-01-01T00:00:00.000Z').success).toBe(true);
    expect(IsoTimestampSchema.safeParse('2026-01-01T00:00:00+05:30').success).toBe(true);
    expect(IsoTimestampSchema.safeParse('2026-01-01').success).toBe(false);
    expect(IsoTimestampSchema.safeParse(1767225600000).success).toBe(false);
  });

  it('ResourceMetadata has ISO createdAt/updatedAt and an optional createdBy', () => {
    expect(ResourceMetadataSchema.parse(stamps)).toEqual(stamps);
    expect(ResourceMetadataSchema.parse({ ...stamps, createdBy: 'user_alice' }).createdBy).toBe('user_alice');
    expect(failedPaths(ResourceMetadataSchema, { ...stamps, createdAt: 1767225600000 })).toEqual(['createdAt']);
  });

  it('paginatedResponse(item) validates items and the envelope', () => {
    const Page = paginatedResponse(z.object({ id: z.string() }));
    const page = Page.parse({ data: [{ id: 'a' }, { id: 'b' }], hasMore: true, nextCursor: 'c2', total: 5 });
    expect(page.data.map((x) => x.id)).toEqual(['a', 'b']);
    expect(Page.safeParse({ data: [], hasMore: false }).success).toBe(true);
    expect(failedPaths(Page, { data: [{ id: 1 }], hasMore: false })).toEqual(['data.0.id']);
    expect(failedPaths(Page, { data: [] })).toEqual(['hasMore']);
    expectTypeOf(page).toEqualTypeOf<PaginatedResponse<{ id: string }>>();
  });

  it('apiResponse(item) carries data or an error', () => {
    const Wrapped = apiResponse(z.number());
    const ok = Wrapped.parse({ success: true, data: 3 });
    expect(ok.data).toBe(3);
    const failed = Wrapped.parse({ success: false, error: { code: 'NOT_FOUND', message: 'nope' } });
    expect(failed.error?.code).toBe('NOT_FOUND');
    expect(failedPaths(Wrapped, { success: true, data: 'three' })).toEqual(['data']);
    expect(failedPaths(ApiResponseErrorSchema, { code: 'X' })).toEqual(['message']);
    expectTypeOf(ok).toEqualTypeOf<ApiResponse<number>>();
  });
});

describe('transcripts', () => {
  const preview = { role: 'user', timestamp: 1767225600000, content: 'hi' };
  const listItem = {
    _id: 'tr_1',
    title: 'Hello',
    locked: false,
    hideConversationStarters: false,
    metadata: { source: 'test' },
    messageCount: 2,
    lastMessageTimestamp: 1767225601000,
    childTranscripts: [],
    firstMessage: preview,
    lastMessage: { role: 'assistant', timestamp: 1767225601000 },
    workspaceId: 'ws_acme',
  };

  it('a list item parses, keeps extra fields, and allows null previews', () => {
    const parsed = TranscriptListItemSchema.parse(listItem);
    expect(parsed.workspaceId).toBe('ws_acme');
    expect(parsed.lastMessage?.content).toBeUndefined();
    const empty = { ...listItem, messageCount: 0, lastMessageTimestamp: 0, firstMessage: null, lastMessage: null };
    expect(TranscriptListItemSchema.safeParse(empty).success).toBe(true);
  });

  it('previews use epoch-ms integers and content of at most 200 characters', () => {
    expect(failedPaths(TranscriptListItemSchema, { ...listItem, firstMessage: { ...preview, timestamp: '2026-01-01T00:00:00Z' } })).toEqual([
      'firstMessage.timestamp',
    ]);
    expect(failedPaths(TranscriptListItemSchema, { ...listItem, firstMessage: { ...preview, content: 'x'.repeat(201) } })).toEqual([
      'firstMessage.content',
    ]);
    expect(failedPaths(TranscriptListItemSchema, { ...listItem, lastMessageTimestamp: 1.5 })).toEqual(['lastMessageTimestamp']);
  });

  it('the list envelope carries page, limit, total, totalPages and hasMore', () => {
    const body = { transcripts: [listItem], pagination: { page: 1, limit: 20, total: 1, totalPages: 1, hasMore: false } };
    expect(TranscriptListResponseSchema.parse(body).transcripts).toHaveLength(1);
    const { totalPages: _omit, ...noTotalPages } = body.pagination;
    expect(failedPaths(TranscriptListResponseSchema, { ...body, pagination: noTotalPages })).toEqual(['pagination.totalPages']);
    expect(failedPaths(TranscriptListResponseSchema, { ...body, pagination: { ...body.pagination, page: 0 } })).toEqual(['pagination.page']);
  });

  it('a single transcript has messages with ISO timestamps and string or structured content', () => {
    const transcript = {
      _id: 'tr_1',
      title: 'Hello',
      hideConversationStarters: false,
      childTranscripts: ['tr_2'],
      messages: [
        { role: 'user', content: 'hi', timestamp: '2026-01-01T00:00:00.000Z', context: [] },
        { role: 'tool', content: { name: 'lookup', result: 42 }, timestamp: '2026-01-01T00:00:01.000Z', context: [{ fileId: 'f' }], toolCallId: 't1' },
      ],
      pagination: { total: 2, limit: 50, offset: 0, hasMore: false },
    };
    const parsed = TranscriptSchema.parse(transcript);
    expect(parsed.title).toBe('Hello');
    expect(parsed.messages[1]?.toolCallId).toBe('t1');
    expect(failedPaths(MessageSchema, { role: 'user', content: 'hi', timestamp: 1767225600000, context: [] })).toEqual(['timestamp']);
    expect(failedPaths(MessageSchema, { role: 'user', content: 42, timestamp: '2026-01-01T00:00:00Z', context: [] })).toEqual(['content']);
    expect(failedPaths(TranscriptSchema, { ...transcript, pagination: { total: 2, limit: 50, offset: 0 } })).toEqual(['pagination.hasMore']);
  });
});

describe('rag', () => {
  it('a file record may omit chunksCount (lazy-count mode) and keeps extra fields', () => {
    const parsed = RagFileRecordSchema.parse({ _id: 'file_1', title: 'Intro', status: 'completed' });
    expect(parsed.chunksCount).toBeUndefined();
    expect('chunksCount' in parsed).toBe(false);
    expect(parsed.title).toBe('Intro');
    expect(RagFileRecordSchema.parse({ _id: 'file_1', chunksCount: 0, ragVectors: [{ _id: 'vec_docs' }] }).chunksCount).toBe(0);
    expect(failedPaths(RagFileRecordSchema, { _id: 'file_1', chunksCount: -1 })).toEqual(['chunksCount']);
    expect(failedPaths(RagFileRecordSchema, { _id: 'file_1', chunksCount: null })).toEqual(['chunksCount']);
  });

  it('RagDocument uses the document status enum and ResourceMetadata', () => {
    const doc = {
      id: 'file_1',
      collectionId: 'vec_docs',
      originalName: 'intro.md',
      fileType: 'md',
      mimeType: 'text/markdown',
      fileSizeBytes: 1234,
      status: 'embedding',
      chunkCount: 3,
      sourceUrl: 'https://example.com/intro',
      metadata: stamps,
    };
    expect(RagDocumentSchema.parse(doc).status).toBe('embedding');
    expect(failedPaths(RagDocumentSchema, { ...doc, status: 'searchable' })).toEqual(['status']);
    expect(failedPaths(RagDocumentSchema, { ...doc, metadata: {} })).toEqual(['metadata.createdAt', 'metadata.updatedAt']);
    expect(RagDocumentStatusSchema.options).toEqual(['pending', 'uploading', 'processing', 'chunking', 'embedding', 'completed', 'error']);
  });

  it('upload fields need title, description, a known chunkingTool and a file', () => {
    const text = { title: 'Intro', description: 'About', chunkingTool: 'chapter-aware', ragVectorIds: 'a,b' };
    expect(RagUploadTextFieldsSchema.parse(text).ragVectorIds).toBe('a,b');
    const file = new Blob(['hello'], { type: 'text/plain' });
    expect(RagUploadFieldsSchema.safeParse({ ...text, file }).success).toBe(true);
    expect(failedPaths(RagUploadFieldsSchema, { ...text, file: 'hello' })).toEqual(['file']);
    expect(failedPaths(RagUploadTextFieldsSchema, { ...text, chunkingTool: 'magic' })).toEqual(['chunkingTool']);
    expect(failedPaths(RagUploadTextFieldsSchema, { title: 'Intro', chunkingTool: 'default' })).toEqual(['description']);
  });

  const chunk = { content: 'text', score: 0.8, source: 'intro.md', fileId: 'file_1', vectorId: 'vec_docs' };
  const common = { chunks: [chunk], sources: ['intro.md'], query: 'hello', total: 1, retrievalMs: 12 };

  it('chunks allow null score, source, fileId and vectorId but not missing ones', () => {
    expect(ChunkSchema.safeParse({ content: '', score: null, source: null, fileId: null, vectorId: null }).success).toBe(true);
    expect(failedPaths(ChunkSchema, { content: '' })).toEqual(['score', 'source', 'fileId', 'vectorId']);
  });

  it('context results come by collection or by group', () => {
    const byCollection = { ...common, collectionId: 'vec_docs', collectionTitle: 'Docs' };
    const byGroup = { ...common, groupId: 'grp_1', groupName: 'All', vectors: ['vec_docs'] };
    expect(RagContextByCollectionSchema.parse(byCollection).collectionTitle).toBe('Docs');
    expect(RagContextByGroupSchema.parse(byGroup).groupName).toBe('All');
    expect(RagContextResultSchema.parse(byCollection)).toEqual(byCollection);
    expect(RagContextResultSchema.parse(byGroup)).toEqual(byGroup);
    expect(RagContextResultSchema.safeParse(common).success).toBe(false);
    expect(failedPaths(RagContextByCollectionSchema, { ...byCollection, sources: undefined })).toEqual(['sources']);
  });

  it('a context query names exactly one of collectionId or groupId', () => {
    expect(RagContextQuerySchema.safeParse({ query: 'q', collectionId: 'vec_docs', topK: 5 }).success).toBe(true);
    expect(RagContextQuerySchema.safeParse({ query: 'q', groupId: 'grp_1' }).success).toBe(true);
    expect(failedPaths(RagContextQuerySchema, { query: 'q' })).toEqual(['collectionId']);
    expect(failedPaths(RagContextQuerySchema, { query: 'q', collectionId: 'a', groupId: 'b' })).toEqual(['collectionId']);
    expect(failedPaths(RagContextQuerySchema, { query: 'q', collectionId: 'a', topK: 0 })).toEqual(['topK']);
  });

  it('collections have settings with a similarity threshold in 0..1 and a status enum', () => {
    const collection = {
      id: 'vec_docs',
      name: 'Docs',
      workspaceId: 'ws_acme',
      status: 'active',
      documentCount: 1,
      chunkCount: 3,
      storageSizeBytes: 2048,
      embeddingModel: 'text-embedding-3-small',
      settings: { chunkSize: 512, chunkOverlap: 64, maxChunksPerQuery: 8, similarityThreshold: 0.3 },
      metadata: stamps,
    };
    expect(RagCollectionSchema.parse(collection).settings.chunkSize).toBe(512);
    expect(failedPaths(RagCollectionSchema, { ...collection, settings: { ...collection.settings, similarityThreshold: 1.2 } })).toEqual([
      'settings.similarityThreshold',
    ]);
    expect(failedPaths(RagCollectionSchema, { ...collection, status: 'deleted' })).toEqual(['status']);
  });

  it('search results score in 0..1 and name their document', () => {
    const hit = { chunk, score: 1, document: { id: 'file_1', originalName: 'intro.md', fileType: 'md' } };
    expect(RagSearchResultSchema.safeParse(hit).success).toBe(true);
    expect(failedPaths(RagSearchResultSchema, { ...hit, score: -0.1 })).toEqual(['score']);
    expect(failedPaths(RagSearchResultSchema, { ...hit, document: { id: 'file_1' } })).toEqual(['document.originalName', 'document.fileType']);
  });

  it('compression strategies are the eight the spec lists', () => {
    expect(CompressionStrategySchema.options).toHaveLength(8);
    expect(CompressionStrategySchema.safeParse('core-rag').success).toBe(true);
    expect(CompressionStrategySchema.safeParse('gzip').success).toBe(false);
  });
});

describe('chat', () => {
  const message = { id: 'msg_1', role: 'assistant', content: 'Hello!', timestamp: '2026-01-01T00:00:00.000Z', tokenCount: 2 };
  const usage = { promptTokens: 10, completionTokens: 2, totalTokens: 12 };

  it('messages use the role and content-type enums and ISO timestamps', () => {
    expect(ChatMessageSchema.parse({ ...message, contentType: 'text', context: [{ fileId: 'f' }] }).role).toBe('assistant');
    expect(issueCodes(ChatMessageSchema, { ...message, role: 'tool' })).toEqual(['invalid_value']);
    expect(failedPaths(ChatMessageSchema, { ...message, contentType: 'video' })).toEqual(['contentType']);
    expect(failedPaths(ChatMessageSchema, { ...message, timestamp: 1767225600000 })).toEqual(['timestamp']);
  });

  it('threads need a visibility from the enum and ResourceMetadata', () => {
    const thread = {
      id: 'th_1',
      releaseId: 'rel_help',
      ownerId: 'user_alice',
      messageCount: 0,
      visibility: 'private',
      archived: false,
      metadata: stamps,
    };
    expect(ChatThreadSchema.safeParse(thread).success).toBe(true);
    expect(failedPaths(ChatThreadSchema, { ...thread, visibility: 'team' })).toEqual(['visibility']);
    expect(failedPaths(ChatThreadSchema, { ...thread, archived: undefined })).toEqual(['archived']);
  });

  it('send options need non-empty content; create options need a releaseId', () => {
    expect(SendMessageOptionsSchema.parse({ content: 'hi', stream: true }).stream).toBe(true);
    expect(failedPaths(SendMessageOptionsSchema, { content: '' })).toEqual(['content']);
    expect(failedPaths(SendMessageOptionsSchema, { stream: true })).toEqual(['content']);
    expect(CreateChatOptionsSchema.safeParse({ releaseId: 'rel_help', visibility: 'shared' }).success).toBe(true);
    expect(failedPaths(CreateChatOptionsSchema, { title: 'x' })).toEqual(['releaseId']);
  });

  it('a response carries a message and integer token usage', () => {
    expect(ChatResponseSchema.parse({ message, usage: { ...usage, estimatedCostUsd: 0.0001 } }).usage.totalTokens).toBe(12);
    expect(failedPaths(ChatUsageSchema, { ...usage, promptTokens: 1.5 })).toEqual(['promptTokens']);
    expect(failedPaths(ChatResponseSchema, { message })).toEqual(['usage']);
  });
});

describe('releases', () => {
  const linkOut = {
    title: 'Book a demo',
    teaserText: 'See it live',
    triggerKeywords: ['demo', 'pricing'],
    ctaType: 'link-out',
    targetUrl: 'https://example.com/demo',
  };
  const gated = {
    title: 'Whitepaper',
    teaserText: 'Get the PDF',
    triggerKeywords: ['whitepaper'],
    ctaType: 'email-gated-download',
    assetUrl: 'https://example.com/paper.pdf',
    formFields: ['email', 'name'],
    triggerMode: 'keywords-or-interval',
    intervalMessages: 5,
  };
  const release = {
    id: 'rel_help',
    name: 'Help',
    status: 'active',
    workspaceId: 'ws_acme',
    authMode: 'optional',
    config: { ragCollectionIds: ['vec_docs'], temperature: 0.7, chatCTA: linkOut },
    allowedOrigins: ['http://localhost:3000'],
    fallbackAssistants: [{ id: 'gpt-4o-mini', finetune: false }],
    metadata: stamps,
  };

  it('a release parses with its config, and status/authMode are enums', () => {
    const parsed: Release = ReleaseSchema.parse(release);
    expect(parsed.config.chatCTA?.maxPerThread).toBe(1);
    expect(failedPaths(ReleaseSchema, { ...release, status: 'published' })).toEqual(['status']);
    expect(failedPaths(ReleaseSchema, { ...release, authMode: 'public' })).toEqual(['authMode']);
    expect(ReleaseStatusSchema.options).toEqual(['draft', 'active', 'archived']);
  });

  it('temperature is 0..2', () => {
    expect(ReleaseConfigSchema.safeParse({ temperature: 0 }).success).toBe(true);
    expect(ReleaseConfigSchema.safeParse({ temperature: 2 }).success).toBe(true);
    expect(failedPaths(ReleaseConfigSchema, { temperature: 3 })).toEqual(['temperature']);
    expect(failedPaths(ReleaseConfigSchema, { temperature: -0.1 })).toEqual(['temperature']);
    expect(issueCodes(ReleaseConfigSchema, { temperature: 3 })).toEqual(['too_big']);
  });

  it('mcpConfig needs enabled; its rate limit has both counts', () => {
    expect(McpConfigSchema.safeParse({ enabled: true, mcpRateLimit: { requestsPerMinute: 60, requestsPerDay: 1000 } }).success).toBe(true);
    expect(failedPaths(McpConfigSchema, { exposedTools: [] })).toEqual(['enabled']);
    expect(failedPaths(McpConfigSchema, { enabled: true, mcpRateLimit: { requestsPerMinute: 60 } })).toEqual(['mcpRateLimit.requestsPerDay']);
  });

  it('create options need name and workspaceId', () => {
    expect(CreateReleaseOptionsSchema.safeParse({ name: 'Help', workspaceId: 'ws_acme', authMode: 'anonymous' }).success).toBe(true);
    expect(failedPaths(CreateReleaseOptionsSchema, { name: 'Help' })).toEqual(['workspaceId']);
  });

  it('CTA: valid link-out and gated samples parse; maxPerThread defaults to 1', () => {
    const a: ChatCTA = ChatCTASchema.parse(linkOut);
    expect(a.maxPerThread).toBe(1);
    expect(ChatCTASchema.parse({ ...gated, maxPerThread: 3 }).maxPerThread).toBe(3);
  });

  it('CTA: link-out without targetUrl is rejected at targetUrl; gated without it is fine', () => {
    const { targetUrl: _omit, ...noTarget } = linkOut;
    expect(failedPaths(ChatCTASchema, noTarget)).toEqual(['targetUrl']);
    expect(failedPaths(ChatCTASchema, { ...linkOut, targetUrl: '' })).toEqual(['targetUrl']);
    expect(ChatCTASchema.safeParse(gated).success).toBe(true);
  });

  it('CTA: intervalMessages is an integer 1..100', () => {
    expect(ChatCTASchema.safeParse({ ...gated, intervalMessages: 1 }).success).toBe(true);
    expect(ChatCTASchema.safeParse({ ...gated, intervalMessages: 100 }).success).toBe(true);
    expect(failedPaths(ChatCTASchema, { ...gated, intervalMessages: 0 })).toEqual(['intervalMessages']);
    expect(failedPaths(ChatCTASchema, { ...gated, intervalMessages: 101 })).toEqual(['intervalMessages']);
    expect(failedPaths(ChatCTASchema, { ...gated, intervalMessages: 2.5 })).toEqual(['intervalMessages']);
  });

  it('CTA: enums reject unknown values', () => {
    expect(failedPaths(ChatCTASchema, { ...linkOut, ctaType: 'popup' })).toEqual(['ctaType']);
    expect(failedPaths(ChatCTASchema, { ...gated, triggerMode: 'always' })).toEqual(['triggerMode']);
    expect(failedPaths(ChatCTASchema, { ...gated, formFields: ['email', 'address'] })).toEqual(['formFields.1']);
  });

  it('CTA: required fields are required', () => {
    expect(failedPaths(ChatCTASchema, { ctaType: 'email-gated-download' })).toEqual(['title', 'teaserText', 'triggerKeywords']);
    expect(failedPaths(ChatCTASchema, { ...linkOut, maxPerThread: 0 })).toEqual(['maxPerThread']);
  });

  it('CTA: the write-only token is accepted on input but fails any read shape', () => {
    expect(ChatCTASchema.parse({ ...linkOut, constantContactAccessToken: '' }).constantContactAccessToken).toBe('');
    expect(ChatCTAPublicSchema.safeParse(linkOut).success).toBe(true);
    expect(failedPaths(ChatCTAPublicSchema, { ...linkOut, constantContactAccessToken: 'secret' })).toEqual(['constantContactAccessToken']);
    const leaky = { ...release, config: { chatCTA: { ...linkOut, constantContactAccessToken: 'secret' } } };
    expect(failedPaths(ReleaseSchema, leaky)).toEqual(['config.chatCTA.constantContactAccessToken']);
  });

  it('CTA version entries have an epoch-ms savedAt and a user/agent/restore source', () => {
    const entry = { version: 2, savedAt: 1767225600000, source: 'agent', snapshot: linkOut };
    expect(CtaVersionEntrySchema.parse(entry).snapshot.maxPerThread).toBe(1);
    expect(failedPaths(CtaVersionEntrySchema, { ...entry, source: 'system' })).toEqual(['source']);
    expect(failedPaths(CtaVersionEntrySchema, { ...entry, savedAt: '2026-01-01T00:00:00Z' })).toEqual(['savedAt']);
    expect(failedPaths(CtaVersionEntrySchema, { ...entry, snapshot: { ...linkOut, constantContactAccessToken: 'x' } })).toEqual([
      'snapshot.constantContactAccessToken',
    ]);
  });
});

describe('identity', () => {
  const workspace = {
    id: 'ws_acme',
    name: 'Acme',
    slug: 'acme',
    ownerId: 'user_alice',
    settings: { defaultModel: 'gpt-4o-mini', analyticsEnabled: true },
    limits: { maxReleases: 10, maxRagCollections: 5, maxRagStorageBytes: 1_000_000, maxMonthlyApiCalls: 10_000, maxConcurrentChats: 20 },
    metadata: stamps,
  };
  const key = {
    id: 'key_full',
    workspaceId: 'ws_acme',
    name: 'full',
    keyPrefix: 'svc_AbCd',
    status: 'active',
    allowedOrigins: ['http://localhost:3000'],
    permissions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('a workspace has settings and all five limits', () => {
    expect(WorkspaceSchema.parse(workspace).limits.maxReleases).toBe(10);
    const { maxConcurrentChats: _omit, ...fourLimits } = workspace.limits;
    expect(failedPaths(WorkspaceSchema, { ...workspace, limits: fourLimits })).toEqual(['limits.maxConcurrentChats']);
    expect(failedPaths(WorkspaceSchema, { ...workspace, settings: { defaultTemperature: 5 } })).toEqual(['settings.defaultTemperature']);
  });

  it('members have a role from the enum', () => {
    const member = { userId: 'user_bob', role: 'viewer', permissions: [], joinedAt: '2026-01-01T00:00:00.000Z' };
    expect(WorkspaceMemberSchema.safeParse(member).success).toBe(true);
    expect(failedPaths(WorkspaceMemberSchema, { ...member, role: 'guest' })).toEqual(['role']);
  });

  it('tiers, tier configs and quota status', () => {
    expect(MembershipTierSchema.options).toEqual(['free', 'basic', 'premium', 'enterprise', 'unlimited']);
    expect(MembershipTierSchema.safeParse('gold').success).toBe(false);
    const limits = { messagesPerMonth: 600, messagesPerDay: 20, maxTokensPerMessage: 4000, maxConcurrentChats: 2 };
    expect(TierConfigSchema.safeParse({ tier: 'free', limits }).success).toBe(true);
    expect(failedPaths(TierConfigSchema, { tier: 'free', limits: { ...limits, messagesPerDay: -2 } })).toEqual(['limits.messagesPerDay']);
    const quota = { tier: 'basic', usage: { messagesThisMonth: 3, messagesToday: 1 }, remaining: { messagesThisMonth: 597, messagesToday: 19 }, exceeded: false };
    expect(QuotaStatusSchema.safeParse(quota).success).toBe(true);
    expect(failedPaths(QuotaStatusSchema, { ...quota, remaining: { messagesToday: 19 } })).toEqual(['remaining.messagesThisMonth']);
  });

  it('users: only id is required; email must be an email', () => {
    expect(UserSchema.safeParse({ id: 'user_alice' }).success).toBe(true);
    expect(failedPaths(UserSchema, { id: 'user_alice', email: 'not-an-email' })).toEqual(['email']);
  });

  it('API keys: status enum, 8-character keyPrefix, null or ISO expiry, typed tier overrides', () => {
    expect(ApiKeySchema.safeParse(key).success).toBe(true);
    expect(ApiKeySchema.safeParse({ ...key, expiresAt: null, lastUsedAt: '2026-01-01T00:00:00Z' }).success).toBe(true);
    expect(ApiKeySchema.safeParse({ ...key, customTierLimits: { free: { messagesPerDay: 5 } }, allowedTiers: ['free'] }).success).toBe(true);
    expect(failedPaths(ApiKeySchema, { ...key, status: 'disabled' })).toEqual(['status']);
    expect(failedPaths(ApiKeySchema, { ...key, keyPrefix: 'svc_' })).toEqual(['keyPrefix']);
    expect(failedPaths(ApiKeySchema, { ...key, allowedTiers: ['gold'] })).toEqual(['allowedTiers.0']);
    expect(failedPaths(ApiKeySchema, { ...key, customTierLimits: { free: { messagesPerDay: 'many' } } })).toEqual([
      'customTierLimits.free.messagesPerDay',
    ]);
  });

  it('ApiKeyWithSecret adds a 91-character secret whose first 8 characters are keyPrefix', () => {
    const secret = 'svc_AbCd' + 'x'.repeat(83);
    expect(ApiKeyWithSecretSchema.parse({ ...key, secret }).secret).toHaveLength(91);
    expect(failedPaths(ApiKeyWithSecretSchema, { ...key, secret: secret.slice(0, -1) })).toEqual(['secret']);
    expect(failedPaths(ApiKeyWithSecretSchema, { ...key, secret: 'svc_ZZZZ' + 'x'.repeat(83) })).toEqual(['keyPrefix']);
    expect(ApiKeySchema.parse({ ...key, secret })).not.toHaveProperty('secret');
  });
});

describe('terms', () => {
  it('the gate needs required; version is a positive integer', () => {
    expect(TermsGateSchema.safeParse({ required: false }).success).toBe(true);
    expect(TermsGateSchema.safeParse({ required: true, tosId: 'tos_main', version: 2, title: 'Terms', content: '# Terms' }).success).toBe(true);
    expect(failedPaths(TermsGateSchema, { tosId: 'tos_main' })).toEqual(['required']);
    expect(failedPaths(TermsGateSchema, { required: true, version: 0 })).toEqual(['version']);
  });

  it('accept input takes tosId, version and an optional anonymousSessionId', () => {
    const parsed = TermsAcceptInputSchema.parse({ tosId: 'tos_main', version: 1, anonymousSessionId: 'anon_1', releaseId: 'rel_help' });
    expect(parsed.anonymousSessionId).toBe('anon_1');
    expect(failedPaths(TermsAcceptInputSchema, { tosId: 'tos_main', version: '1' })).toEqual(['version']);
    expect(failedPaths(TermsAcceptInputSchema, { version: 1 })).toEqual(['tosId']);
  });
});

describe('feedback', () => {
  const record = {
    id: 'fb_1',
    releaseId: 'rel_help',
    messageRef: 'msg_1',
    sentiment: 1,
    source: 'authed',
    createdAt: 1767225600000,
    isRead: false,
    releaseTitle: 'Help',
    userId: null,
  };

  it('sentiment is only -1, 1 or null', () => {
    expect(FeedbackRecordSchema.safeParse(record).success).toBe(true);
    expect(FeedbackRecordSchema.safeParse({ ...record, sentiment: -1 }).success).toBe(true);
    expect(FeedbackRecordSchema.safeParse({ ...record, sentiment: null }).success).toBe(true);
    for (const bad of [0, 2, '1', undefined]) expect(failedPaths(FeedbackRecordSchema, { ...record, sentiment: bad })).toEqual(['sentiment']);
  });

  it('source is authed or anonymous and createdAt is epoch ms', () => {
    expect(failedPaths(FeedbackRecordSchema, { ...record, source: 'admin' })).toEqual(['source']);
    expect(failedPaths(FeedbackRecordSchema, { ...record, createdAt: '2026-01-01T00:00:00Z' })).toEqual(['createdAt']);
  });
});

describe('errors', () => {
  it('the envelope needs code and message; documentation is a URI', () => {
    expect(ErrorEnvelopeSchema.safeParse({ error: { code: 'NOT_FOUND', message: 'Release not found' } }).success).toBe(true);
    expect(
      ErrorEnvelopeSchema.safeParse({ error: { code: 'X', message: 'm', details: { a: 1 }, documentation: 'https://docs.example.com/errors#x' } }).success,
    ).toBe(true);
    expect(failedPaths(ErrorEnvelopeSchema, { error: { code: 'X' } })).toEqual(['error.message']);
    expect(failedPaths(ErrorEnvelopeSchema, { error: { code: 'X', message: 'm', documentation: 'not a uri' } })).toEqual(['error.documentation']);
    expect(failedPaths(ErrorEnvelopeSchema, { code: 'X', message: 'm' })).toEqual(['error']);
  });

  it('rate-limit details are four non-negative integers', () => {
    const details = { limit: 60, remaining: 0, resetAt: 1767225660, retryAfter: 42 };
    expect(RateLimitDetailsSchema.safeParse(details).success).toBe(true);
    expect(failedPaths(RateLimitDetailsSchema, { ...details, retryAfter: undefined })).toEqual(['retryAfter']);
    const RateLimited = errorEnvelope(RateLimitDetailsSchema);
    expect(RateLimited.parse({ error: { code: 'RATE_LIMITED', message: 'slow down', details } }).error.details.limit).toBe(60);
    expect(failedPaths(RateLimited, { error: { code: 'RATE_LIMITED', message: 'slow down' } })).toEqual(['error.details']);
  });

  it('payment-required details: string x402Version, numeric amounts, base networks, USDC', () => {
    const details = {
      x402Version: '1',
      amountUsd: 0.01,
      amountMicro: 10_000,
      network: 'base-sepolia',
      asset: 'USDC',
      recipient: '0xabc',
      resource: '/api/v1/chat/threads',
      facilitatorUrl: 'https://facilitator.example.com',
    };
    expect(PaymentRequiredDetailsSchema.safeParse(details).success).toBe(true);
    expect(failedPaths(PaymentRequiredDetailsSchema, { ...details, x402Version: 1 })).toEqual(['x402Version']);
    expect(failedPaths(PaymentRequiredDetailsSchema, { ...details, amountMicro: '10000' })).toEqual(['amountMicro']);
    expect(failedPaths(PaymentRequiredDetailsSchema, { ...details, network: 'ethereum' })).toEqual(['network']);
    expect(failedPaths(PaymentRequiredDetailsSchema, { ...details, asset: 'USDT' })).toEqual(['asset']);
  });

  it('validation details list field-level issues and may carry extra members', () => {
    const details = { issues: [{ path: 'workspaces[0].apiKeys[1].secret', message: 'A key secret has 91 characters' }] };
    expect(ValidationErrorDetailsSchema.parse(details).issues[0]?.path).toBe('workspaces[0].apiKeys[1].secret');
    expect(failedPaths(ValidationErrorDetailsSchema, {})).toEqual(['issues']);
    expect(failedPaths(FieldValidationErrorSchema, { path: 'a' })).toEqual(['message']);
    const tier = InvalidTierDetailsSchema.parse({ issues: [], availableSlugs: ['free', 'premium'] });
    expect(tier.availableSlugs).toEqual(['free', 'premium']);
    expect(failedPaths(InvalidTierDetailsSchema, { issues: [] })).toEqual(['availableSlugs']);
  });
});

describe('the public entry', () => {
  const files = readdirSync(here).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

  it('imports nothing but zod and its own files', () => {
    expect(files).toContain('index.ts');
    for (const name of files) {
      const source = readFileSync(join(here, name), 'utf8');
      const specifiers = [
        ...source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/gm),
        ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
        ...source.matchAll(/\bimport\s*\(\s*['"`]([^'"`]+)/g),
        ...source.matchAll(/\brequire\s*\(\s*['"`]([^'"`]+)/g),
      ].map((match) => match[1]);
      for (const specifier of specifiers) {
        if (specifier === 'zod') continue;
        expect(specifier, `${name} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.js$/);
        expect(existsSync(join(here, specifier!.replace(/\.js$/, '.ts'))), `${name} imports missing ${specifier}`).toBe(true);
      }
      // Every import line is accounted for by the patterns above.
      const importLines = source.split('\n').filter((line) => /^\s*import\b/.test(line));
      for (const line of importLines) expect(line, `${name}: ${line}`).toMatch(/from '(zod|\.\/[\w-]+\.js)';$|^import \{ z \} from 'zod';$/);
    }
  });

  it('index.ts only re-exports, and each area file starts with a one-line comment', () => {
    const index = readFileSync(join(here, 'index.ts'), 'utf8');
    const statements = index.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('//'));
    const joined = statements.join('\n');
    expect(joined.replace(/export \{[^}]*\} from '\.\/[\w-]+\.js';/g, '').replace(/^export \* from '\.\/[\w-]+\.js';$/gm, '').trim()).toBe('');
    for (const name of files) expect(readFileSync(join(here, name), 'utf8')).toMatch(/^\/\/ .+\n/);
  });

  it('re-exports every value each area file exports', async () => {
    // lazy-schema.ts is the schema modules' helper (schemas built on first use), not an area file.
    for (const name of files.filter((n) => n !== 'index.ts' && n !== 'lazy-schema.ts')) {
      const mod = (await import(`./${name.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(mod)) {
        expect((types as Record<string, unknown>)[exported], `${exported} of ${name}`).toBe(value);
      }
    }
  });

  it('pairs every XxxSchema with an Xxx type in the files index.ts re-exports whole (export *)', () => {
    const index = readFileSync(join(here, 'index.ts'), 'utf8');
    const whole = [...index.matchAll(/^export \* from '\.\/([\w-]+)\.js';$/gm)].map((m) => `${m[1]}.ts`);
    expect(whole.length).toBeGreaterThan(0);
    for (const name of whole) {
      const source = readFileSync(join(here, name), 'utf8');
      const schemas = [...source.matchAll(/^export const (\w+)Schema = /gm)].map((m) => m[1]);
      const typeNames = new Set([...source.matchAll(/^export type (\w+) = /gm)].map((m) => m[1]));
      expect(schemas.length, name).toBeGreaterThan(0);
      for (const schema of schemas) expect(typeNames.has(schema), `${name}: ${schema}Schema has no type ${schema}`).toBe(true);
    }
  });

  it('pairs every XxxSchema with an Xxx type in index.ts', () => {
    const index = readFileSync(join(here, 'index.ts'), 'utf8');
    const schemas = [...index.matchAll(/^\s+(\w+)Schema,$/gm)].map((m) => m[1]);
    const typeNames = new Set([...index.matchAll(/^\s+type (\w+),$/gm)].map((m) => m[1]));
    expect(schemas.length).toBeGreaterThan(50);
    for (const schema of schemas) expect(typeNames.has(schema), `type ${schema}`).toBe(true);
  });
});
