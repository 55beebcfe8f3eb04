// The dashboard's state browser: read-only pages of a world's workspaces, users, API keys (prefix
// only, never a secret or its hash), transcripts, releases, RAG targets and files, and scheduled
// jobs. Plain portable SQL over the storage (SQLite, PGlite, PostgreSQL alike), one page at a time.
import type { Row, SqlValue, Storage } from '../../storage/storage.js';

export const STATE_KINDS = ['workspaces', 'users', 'keys', 'transcripts', 'releases', 'rag-targets', 'rag-files', 'jobs'] as const;
export type StateKind = (typeof STATE_KINDS)[number];

export interface StatePageQuery {
  limit: number;
  offset: number;
  workspaceId?: string;
}

export interface StatePage {
  data: Record<string, unknown>[];
  total: number;
}

type Mapper = (row: Row, now: number) => Record<string, unknown>;

interface KindDef {
  table: string;
  /** Columns read: never `secret_hash` or any other secret. */
  columns: string;
  order: string;
  /** False where the table has no workspace_id (users, jobs). */
  scoped: boolean;
  map: Mapper;
}

const iso = (ms: unknown): string | null => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());
const list = (text: unknown): unknown[] => {
  try {
    const value = JSON.parse(String(text ?? '[]')) as unknown;
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

const KINDS: Record<StateKind, KindDef> = {
  workspaces: {
    table: 'workspaces',
    columns: 'id, slug, name, owner_id, created_at',
    order: 'seq',
    scoped: false,
    map: (r) => ({ id: r.id, slug: r.slug, name: r.name, ownerId: r.owner_id, createdAt: iso(r.created_at) }),
  },
  users: {
    table: 'users',
    columns: 'id, email, name, platform_admin, created_at',
    order: 'created_at, id',
    scoped: false,
    map: (r) => ({ id: r.id, email: r.email, name: r.name, platformAdmin: Number(r.platform_admin) === 1, createdAt: iso(r.created_at) }),
  },
  keys: {
    table: 'api_keys',
    columns: 'id, workspace_id, name, key_prefix, status, permissions, last_used_at, expires_at, created_at',
    order: 'created_at, id',
    scoped: true,
    map: (r) => ({
      id: r.id,
      workspaceId: r.workspace_id,
      name: r.name,
      prefix: r.key_prefix,
      status: r.status,
      permissions: list(r.permissions),
      lastUsedAt: iso(r.last_used_at),
      expiresAt: iso(r.expires_at),
      createdAt: iso(r.created_at),
    }),
  },
  transcripts: {
    table: 'transcripts',
    columns: 'id, workspace_id, title, message_count, last_message_at, created_at',
    order: 'seq',
    scoped: true,
    map: (r) => ({ id: r.id, workspaceId: r.workspace_id, title: r.title, messageCount: Number(r.message_count), lastMessageAt: iso(r.last_message_at), createdAt: iso(r.created_at) }),
  },
  releases: {
    table: 'releases',
    columns: 'id, workspace_id, name, status, auth_mode, created_at, updated_at',
    order: 'seq',
    scoped: true,
    map: (r) => ({ id: r.id, workspaceId: r.workspace_id, name: r.name, status: r.status, authMode: r.auth_mode, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) }),
  },
  'rag-targets': {
    table: 'rag_targets',
    columns: 'id, workspace_id, title, status, embedding_model, created_at',
    order: 'seq',
    scoped: true,
    map: (r) => ({ id: r.id, workspaceId: r.workspace_id, title: r.title, status: r.status, embeddingModel: r.embedding_model, createdAt: iso(r.created_at) }),
  },
  'rag-files': {
    table: 'rag_files',
    columns: 'id, workspace_id, target_id, title, original_name, status, error, size_bytes, created_at',
    order: 'seq',
    scoped: true,
    map: (r) => ({
      id: r.id,
      workspaceId: r.workspace_id,
      targetId: r.target_id,
      title: r.title,
      originalName: r.original_name,
      status: r.status,
      error: r.error,
      sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
      createdAt: iso(r.created_at),
    }),
  },
  jobs: {
    table: 'jobs',
    columns: 'id, kind, run_at',
    order: 'run_at, seq',
    scoped: false,
    map: (r, now) => ({ id: r.id, kind: r.kind, runAt: iso(r.run_at), due: Number(r.run_at) <= now, inMs: Math.max(0, Number(r.run_at) - now) }),
  },
};

/** True where `workspaceId` narrows the page (every kind but users and jobs). */
export function isScoped(kind: StateKind): boolean {
  return KINDS[kind].scoped || kind === 'workspaces';
}

export async function statePage(storage: Pick<Storage, 'all'>, kind: StateKind, query: StatePageQuery, now: number): Promise<StatePage> {
  const def = KINDS[kind];
  const params: SqlValue[] = [];
  let where = '';
  if (query.workspaceId !== undefined && isScoped(kind)) {
    where = ` WHERE ${kind === 'workspaces' ? 'id' : 'workspace_id'} = ?`;
    params.push(query.workspaceId);
  }
  const counted = await storage.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${def.table}${where}`, params);
  const rows = await storage.all(`SELECT ${def.columns} FROM ${def.table}${where} ORDER BY ${def.order} LIMIT ? OFFSET ?`, [...params, query.limit, query.offset]);
  return { data: rows.map((r) => def.map(r, now)), total: Number(counted[0]?.n ?? 0) };
}
