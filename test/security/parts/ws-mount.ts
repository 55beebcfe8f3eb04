// The tenant walk's part for the workspace mount (/white-label/{ws}/…: scoped by the path's
// workspace, and its vectors and releases) and the RAG tools (/api/v1/rag/…: the key's own workspace).
import { own, scoped } from '../tenant-routes.js';
import type { TenantPart } from '../tenant-parts.js';

export const wsMountPart: TenantPart = {
  rules: {
    // Workspace mount: B names A's workspace (and A's vector or release) in the path.
    'POST /white-label/:workspaceId/rag-vector': scoped(() => ({ title: 'Written by B', vectorIndexTool: 'default' })),
    'GET /white-label/:workspaceId/rag-vector/files': scoped(),
    'GET /white-label/:workspaceId/rag-vector/:vectorId': scoped(),
    'PATCH /white-label/:workspaceId/rag-vector/:vectorId/settings': scoped(() => ({ minimumSimilarity: 0.9 })),
    'GET /white-label/:workspaceId/release/:releaseId': scoped(),
    'POST /white-label/:workspaceId/release/:releaseId/update': scoped(() => ({ title: 'Written by B' })),
    'GET /white-label/:workspaceId/release/:releaseId/deprecate': scoped(),
    'POST /white-label/:workspaceId/tools/byok/keys': scoped(() => ({ name: 'B', providerId: 'OPENAI', auth: { apiKey: 'sk-written-by-b' } })),
    'POST /white-label/:workspaceId/conversation-starter': scoped(() => ({ starters: ['Written by B'] })),
    'POST /white-label/:workspaceId/chat-welcome-message': scoped(() => ({ message: 'Written by B', active: true })),
    'POST /white-label/:workspaceId/message-prefix': scoped(() => ({ prefix: 'Written by B', isActive: true })),
    // RAG tools: the key's own workspace; a collectionId of A's is not found for B.
    'GET /api/v1/rag/config': own(),
    'PATCH /api/v1/rag/config': own(() => ({ minimumSimilarity: 0.9 })),
    'GET /api/v1/rag/health': own(),
    'GET /api/v1/rag/products': own(),
    'POST /api/v1/rag/synthesize': own((ids) => ({ query: 'written by B', collectionId: ids.collectionId })),
    'POST /api/v1/rag/test-retrieval': own((ids) => ({ queries: ['written by B'], collectionId: ids.collectionId })),
    'POST /api/v1/rag/dedupe-chunks': own((ids) => ({ collectionId: ids.collectionId })),
    'POST /api/v1/rag/dedupe-files': own((ids) => ({ collectionId: ids.collectionId })),
    'GET /api/v1/rag/scan-artifacts': own(),
  },
};
