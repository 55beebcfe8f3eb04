// Connectors and their sync runs: the records, the write-only credentials (a hash only) and the
// per-item content hashes that let the next sync skip what did not change.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import { hashSecret } from '../../security/hash.js';
import type { Connector, ConnectorConfig, ConnectorKind, ConnectorSyncRun, SyncRunError, SyncRunStatus } from '../../types/integrations.js';

interface ConnectorRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  kind: string;
  target_id: string;
  config: string;
  credentials_hash: string | null;
  last_sync_at: number | null;
  last_sync_status: string | null;
  created_at: number;
  updated_at: number;
}

interface RunRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  connector_id: string;
  status: string;
  items_found: number;
  items_ingested: number;
  items_skipped: number;
  items_failed: number;
  file_ids: string;
  errors: string;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export interface RunTally {
  itemsFound: number;
  itemsIngested: number;
  itemsSkipped: number;
  itemsFailed: number;
  fileIds: string[];
  errors: SyncRunError[];
}

const credentialsHash = (credentials: Record<string, string>) => hashSecret(JSON.stringify(Object.entries(credentials).sort()));

function answer(row: ConnectorRow): Connector {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    kind: row.kind as ConnectorKind,
    workspaceId: row.workspace_id,
    ragVectorId: row.target_id,
    config: parseJson<ConnectorConfig>(row.config, {}),
    hasCredentials: row.credentials_hash !== null,
    ...(row.last_sync_at !== null && { lastSyncAt: toIso(Number(row.last_sync_at)) }),
    ...(row.last_sync_status !== null && { lastSyncStatus: row.last_sync_status }),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

function runAnswer(row: RunRow): ConnectorSyncRun {
  return {
    _id: row.id,
    id: row.id,
    connectorId: row.connector_id,
    status: row.status as SyncRunStatus,
    itemsFound: Number(row.items_found),
    itemsIngested: Number(row.items_ingested),
    itemsSkipped: Number(row.items_skipped),
    itemsFailed: Number(row.items_failed),
    fileIds: parseJson<string[]>(row.file_ids, []),
    errors: parseJson<SyncRunError[]>(row.errors, []),
    createdAt: toIso(Number(row.created_at)),
    ...(row.started_at !== null && { startedAt: toIso(Number(row.started_at)) }),
    ...(row.finished_at !== null && { finishedAt: toIso(Number(row.finished_at)) }),
  };
}

export interface NewConnector {
  title: string;
  kind: ConnectorKind;
  targetId: string;
  config: ConnectorConfig;
  credentials?: Record<string, string> | undefined;
}

export class ConnectorStore {
  constructor(private readonly deps: StoreDeps) {}

  private async nextSeq(table: string): Promise<number> {
    const row = await this.deps.storage.get<{ seq: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM ${table}`);
    return Number(row?.seq ?? 1);
  }

  async list(workspaceId: string): Promise<Connector[]> {
    const rows = await this.deps.storage.all<ConnectorRow>('SELECT * FROM connectors WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map(answer);
  }

  async get(workspaceId: string, id: string): Promise<Connector | undefined> {
    const row = await this.deps.storage.get<ConnectorRow>('SELECT * FROM connectors WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return row ? answer(row) : undefined;
  }

  async create(workspaceId: string, input: NewConnector & { id?: string }): Promise<Connector> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    await this.deps.storage.run(
      `INSERT INTO connectors (id, seq, workspace_id, title, kind, target_id, config, credentials_hash, last_sync_at, last_sync_status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)`,
      [id, await this.nextSeq('connectors'), workspaceId, input.title, input.kind, input.targetId, JSON.stringify(input.config), input.credentials ? credentialsHash(input.credentials) : null, now, now],
    );
    return (await this.get(workspaceId, id)) as Connector;
  }

  async update(workspaceId: string, id: string, patch: { title?: string; targetId?: string; config?: ConnectorConfig; credentials?: Record<string, string> | null }): Promise<Connector | undefined> {
    const sets: string[] = [];
    const values: (string | number | null)[] = [];
    if (patch.title !== undefined) sets.push('title = ?'), values.push(patch.title);
    if (patch.targetId !== undefined) sets.push('target_id = ?'), values.push(patch.targetId);
    if (patch.config !== undefined) sets.push('config = ?'), values.push(JSON.stringify(patch.config));
    if (patch.credentials !== undefined) sets.push('credentials_hash = ?'), values.push(patch.credentials === null ? null : credentialsHash(patch.credentials));
    sets.push('updated_at = ?');
    values.push(this.deps.clock.now());
    const { changes } = await this.deps.storage.run(`UPDATE connectors SET ${sets.join(', ')} WHERE workspace_id = ? AND id = ?`, [...values, workspaceId, id]);
    return changes === 0 ? undefined : this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM connectors WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    if (changes === 0) return false;
    await this.deps.storage.run('DELETE FROM connector_runs WHERE connector_id = ?', [id]);
    await this.deps.storage.run('DELETE FROM connector_items WHERE connector_id = ?', [id]);
    return true;
  }

  async row(id: string): Promise<ConnectorRow | undefined> {
    return this.deps.storage.get<ConnectorRow>('SELECT * FROM connectors WHERE id = ?', [id]);
  }

  // ---- runs ----

  async createRun(workspaceId: string, connectorId: string): Promise<ConnectorSyncRun> {
    const id = this.deps.ids.objectId();
    await this.deps.storage.run(
      `INSERT INTO connector_runs (id, seq, workspace_id, connector_id, status, created_at) VALUES (?, ?, ?, ?, 'queued', ?)`,
      [id, await this.nextSeq('connector_runs'), workspaceId, connectorId, this.deps.clock.now()],
    );
    await this.deps.storage.run("UPDATE connectors SET last_sync_status = 'queued' WHERE id = ?", [connectorId]);
    return (await this.run(workspaceId, id)) as ConnectorSyncRun;
  }

  async run(workspaceId: string, id: string): Promise<ConnectorSyncRun | undefined> {
    const row = await this.deps.storage.get<RunRow>('SELECT * FROM connector_runs WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return row ? runAnswer(row) : undefined;
  }

  async runs(workspaceId: string, connectorId: string): Promise<ConnectorSyncRun[]> {
    const rows = await this.deps.storage.all<RunRow>('SELECT * FROM connector_runs WHERE workspace_id = ? AND connector_id = ? ORDER BY seq DESC', [workspaceId, connectorId]);
    return rows.map(runAnswer);
  }

  /** The connector's run still queued or running, if any. */
  async activeRun(connectorId: string): Promise<string | undefined> {
    const row = await this.deps.storage.get<{ id: string }>("SELECT id FROM connector_runs WHERE connector_id = ? AND status IN ('queued', 'running') LIMIT 1", [connectorId]);
    return row?.id;
  }

  async markRunning(runId: string): Promise<void> {
    await this.deps.storage.run("UPDATE connector_runs SET status = 'running', started_at = ? WHERE id = ?", [this.deps.clock.now(), runId]);
  }

  async finishRun(runId: string, connectorId: string, status: 'succeeded' | 'failed', tally: RunTally): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.storage.run(
      `UPDATE connector_runs SET status = ?, items_found = ?, items_ingested = ?, items_skipped = ?, items_failed = ?, file_ids = ?, errors = ?, finished_at = ?,
       started_at = COALESCE(started_at, ?) WHERE id = ?`,
      [status, tally.itemsFound, tally.itemsIngested, tally.itemsSkipped, tally.itemsFailed, JSON.stringify(tally.fileIds), JSON.stringify(tally.errors), now, now, runId],
    );
    await this.deps.storage.run('UPDATE connectors SET last_sync_at = ?, last_sync_status = ? WHERE id = ?', [now, status, connectorId]);
  }

  // ---- items ----

  async item(connectorId: string, key: string): Promise<{ content_hash: string; file_id: string } | undefined> {
    return this.deps.storage.get<{ [c: string]: string; content_hash: string; file_id: string }>(
      'SELECT content_hash, file_id FROM connector_items WHERE connector_id = ? AND item_key = ?',
      [connectorId, key],
    );
  }

  async saveItem(workspaceId: string, connectorId: string, key: string, contentHash: string, fileId: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM connector_items WHERE connector_id = ? AND item_key = ?', [connectorId, key]);
    await this.deps.storage.run(
      'INSERT INTO connector_items (connector_id, item_key, workspace_id, content_hash, file_id, synced_at) VALUES (?, ?, ?, ?, ?, ?)',
      [connectorId, key, workspaceId, contentHash, fileId, this.deps.clock.now()],
    );
  }
}
