// The workspace's tool-server master switch (`mcpSettings.enabled`): off until set, as the real
// service has it ("the tenant endpoint stays off until this is set").
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import type { McpSettings } from '../../types/mcp.js';

interface SettingsRow {
  [column: string]: string | number | null;
  workspace_id: string;
  enabled: number;
  updated_by: string | null;
  updated_at: number;
}

export class McpSettingsStore {
  constructor(private readonly deps: StoreDeps) {}

  async get(workspaceId: string): Promise<McpSettings> {
    const row = await this.deps.storage.get<SettingsRow>('SELECT * FROM mcp_settings WHERE workspace_id = ?', [workspaceId]);
    return { whitelabelId: workspaceId, enabled: Number(row?.enabled ?? 0) === 1, updatedAt: row ? toIso(Number(row.updated_at)) : null };
  }

  async enabled(workspaceId: string): Promise<boolean> {
    return (await this.get(workspaceId)).enabled;
  }

  async set(workspaceId: string, enabled: boolean, by: string | null, at = this.deps.clock.now()): Promise<McpSettings> {
    await this.deps.storage.run('DELETE FROM mcp_settings WHERE workspace_id = ?', [workspaceId]);
    await this.deps.storage.run('INSERT INTO mcp_settings (workspace_id, enabled, updated_by, updated_at) VALUES (?, ?, ?, ?)', [workspaceId, enabled ? 1 : 0, by, at]);
    return this.get(workspaceId);
  }

  async copy(fromId: string, toId: string): Promise<void> {
    const from = await this.get(fromId);
    if (from.updatedAt !== null) await this.set(toId, from.enabled, null);
  }
}
