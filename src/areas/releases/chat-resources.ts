// The workspace-level chat resources releases point at (real wire: demo-pipeline
// release-chat-resources.ts): conversation starters, welcome messages and message prefixes, each
// created once and referenced from a release as `{id}`. One table, discriminated by `kind`.
import { parseJson, toIso, type StoreDeps } from '../../core/services.js';

export type ChatResourceKind = 'conversation-starter' | 'chat-welcome-message' | 'message-prefix';

export interface StarterBody {
  starters: string[];
}
export interface WelcomeBody {
  message: string;
  active: boolean;
}
export interface MessagePrefixBody {
  prefix: string;
  isActive: boolean;
}

interface BodyOf {
  'conversation-starter': StarterBody;
  'chat-welcome-message': WelcomeBody;
  'message-prefix': MessagePrefixBody;
}

interface ResourceRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  kind: string;
  body: string;
  created_by: string | null;
  created_at: number;
}

/** A resource as answered: `_id` (what the real client reads) and `id`, its kind and its fields. */
export type ChatResource<K extends ChatResourceKind = ChatResourceKind> = BodyOf[K] & {
  _id: string;
  id: string;
  kind: K;
  workspaceId: string;
  createdAt: string;
};

function out<K extends ChatResourceKind>(row: ResourceRow): ChatResource<K> {
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind as K,
    workspaceId: row.workspace_id,
    ...parseJson<BodyOf[K]>(row.body, {} as BodyOf[K]),
    createdAt: toIso(Number(row.created_at)),
  } as ChatResource<K>;
}

export class ChatResourceStore {
  constructor(private readonly deps: StoreDeps) {}

  async create<K extends ChatResourceKind>(workspaceId: string, kind: K, body: BodyOf[K], createdBy: string | null): Promise<ChatResource<K>> {
    const id = this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM release_chat_resources');
    await this.deps.storage.run(
      'INSERT INTO release_chat_resources (id, seq, workspace_id, kind, body, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [id, Number(next?.seq ?? 1), workspaceId, kind, JSON.stringify(body), createdBy, this.deps.clock.now()],
    );
    return (await this.get(workspaceId, kind, id)) as ChatResource<K>;
  }

  /** A resource of this kind in this workspace; another kind or workspace is not found. */
  async get<K extends ChatResourceKind>(workspaceId: string, kind: K, id: string): Promise<ChatResource<K> | undefined> {
    const row = await this.deps.storage.get<ResourceRow>('SELECT * FROM release_chat_resources WHERE id = ? AND workspace_id = ? AND kind = ?', [
      id,
      workspaceId,
      kind,
    ]);
    return row ? out<K>(row) : undefined;
  }
}
