// External tool servers registered on a release: their address, transport, write-only headers,
// and the tool list the last discovery stored.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { McpRemoteTool, McpServerRecord, McpTransport } from '../../types/mcp.js';

export interface ServerRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  workspace_id: string;
  release_id: string;
  title: string;
  url: string;
  transport: string;
  headers: string;
  enabled: number;
  tools: string;
  discovered_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface NewServer {
  workspaceId: string;
  releaseId: string;
  title: string;
  url: string;
  transport: McpTransport;
  headers: Record<string, string>;
  enabled: boolean;
}

export function serverRecord(row: ServerRow): McpServerRecord {
  return {
    _id: row.id,
    id: row.id,
    workspaceId: row.workspace_id,
    releaseId: row.release_id,
    title: row.title,
    url: row.url,
    transport: row.transport as McpTransport,
    enabled: Number(row.enabled) === 1,
    // Headers carry credentials: only their names ever leave the store.
    headerNames: Object.keys(parseJson<Record<string, string>>(row.headers, {})).sort(),
    tools: parseJson<McpRemoteTool[]>(row.tools, []),
    discoveredAt: row.discovered_at === null ? null : toIso(Number(row.discovered_at)),
    lastError: row.last_error,
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

export const serverHeaders = (row: ServerRow): Record<string, string> => parseJson<Record<string, string>>(row.headers, {});

export class McpServerStore {
  constructor(private readonly deps: StoreDeps) {}

  async row(releaseId: string, id: string): Promise<ServerRow | undefined> {
    return this.deps.storage.get<ServerRow>('SELECT * FROM mcp_servers WHERE id = ? AND release_id = ?', [id, releaseId]);
  }

  async list(releaseId: string): Promise<ServerRow[]> {
    return this.deps.storage.all<ServerRow>('SELECT * FROM mcp_servers WHERE release_id = ? ORDER BY seq', [releaseId]);
  }

  async insert(input: NewServer): Promise<ServerRow> {
    const now = this.deps.clock.now();
    const id = this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM mcp_servers');
    await this.deps.storage.run(
      `INSERT INTO mcp_servers (id, seq, workspace_id, release_id, title, url, transport, headers, enabled, tools, discovered_at, last_error, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', NULL, NULL, ?, ?)`,
      [id, Number(next?.seq ?? 1), input.workspaceId, input.releaseId, input.title, input.url, input.transport, JSON.stringify(input.headers), input.enabled ? 1 : 0, now, now],
    );
    return (await this.row(input.releaseId, id)) as ServerRow;
  }

  async patch(row: ServerRow, patch: { title?: string; url?: string; transport?: McpTransport; headers?: Record<string, string>; enabled?: boolean }): Promise<ServerRow> {
    const now = this.deps.clock.now();
    await this.deps.storage.run('UPDATE mcp_servers SET title = ?, url = ?, transport = ?, headers = ?, enabled = ?, updated_at = ? WHERE id = ?', [
      patch.title ?? row.title,
      patch.url ?? row.url,
      patch.transport ?? row.transport,
      patch.headers !== undefined ? JSON.stringify(patch.headers) : row.headers,
      patch.enabled === undefined ? Number(row.enabled) : patch.enabled ? 1 : 0,
      now,
      row.id,
    ]);
    return (await this.row(row.release_id, row.id)) as ServerRow;
  }

  /** Stores a discovery's outcome: the tool list on success, the error (tools kept) on failure. */
  async discovered(row: ServerRow, outcome: { tools: McpRemoteTool[] } | { error: string }): Promise<ServerRow> {
    const now = this.deps.clock.now();
    if ('tools' in outcome) {
      await this.deps.storage.run('UPDATE mcp_servers SET tools = ?, discovered_at = ?, last_error = NULL, updated_at = ? WHERE id = ?', [JSON.stringify(outcome.tools), now, now, row.id]);
    } else {
      await this.deps.storage.run('UPDATE mcp_servers SET last_error = ?, updated_at = ? WHERE id = ?', [outcome.error, now, row.id]);
    }
    return (await this.row(row.release_id, row.id)) as ServerRow;
  }

  async delete(row: ServerRow): Promise<void> {
    await this.deps.storage.run('DELETE FROM mcp_servers WHERE id = ?', [row.id]);
  }
}
