// External tools of a workspace: HTTP endpoints a release may call. Reads mask header values; the
// test call sends them for real through the service's outbound fetch.
import type { OutboundFetch } from '../../core/area.js';
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { CreateExternalToolInput, ExternalTool, ExternalToolTestResult, UpdateExternalToolInput } from '../../types/integrations.js';

interface ToolRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  name: string;
  description: string;
  input_schema: string;
  url: string;
  method: string;
  headers: string;
  release_ids: string;
  created_at: number;
  updated_at: number;
}

export const MASK = '***';
/** Wall-clock bound on a test call, so a silent tool cannot hold the request forever. */
const CALL_TIMEOUT_MS = 10_000;
/** The most of a tool's answer kept in a test result. */
const MAX_ANSWER_CHARS = 100_000;

function answer(row: ToolRow): ExternalTool {
  const headers = parseJson<Record<string, string>>(row.headers, {});
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    name: row.name,
    description: row.description,
    inputSchema: parseJson<Record<string, unknown>>(row.input_schema, {}),
    url: row.url,
    method: row.method as ExternalTool['method'],
    headers: Object.fromEntries(Object.keys(headers).map((name) => [name, MASK])),
    releaseIds: parseJson<string[]>(row.release_ids, []),
    workspaceId: row.workspace_id,
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

export class ExternalToolStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly outbound: OutboundFetch,
  ) {}

  private row(workspaceId: string, id: string): Promise<ToolRow | undefined> {
    return this.deps.storage.get<ToolRow>('SELECT * FROM external_tools WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  async list(workspaceId: string, releaseId?: string): Promise<ExternalTool[]> {
    const rows = await this.deps.storage.all<ToolRow>('SELECT * FROM external_tools WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    const tools = rows.map(answer);
    return releaseId === undefined ? tools : tools.filter((t) => t.releaseIds.includes(releaseId));
  }

  async get(workspaceId: string, id: string): Promise<ExternalTool | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? answer(row) : undefined;
  }

  async nameTaken(workspaceId: string, name: string, exceptId?: string): Promise<boolean> {
    const row = await this.deps.storage.get<{ id: string }>('SELECT id FROM external_tools WHERE workspace_id = ? AND name = ?', [workspaceId, name]);
    return row !== undefined && row.id !== exceptId;
  }

  async create(workspaceId: string, input: CreateExternalToolInput & { id?: string }): Promise<ExternalTool> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM external_tools');
    await this.deps.storage.run(
      `INSERT INTO external_tools (id, seq, workspace_id, title, name, description, input_schema, url, method, headers, release_ids, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, Number(next?.seq ?? 1), workspaceId, input.title, input.name, input.description, JSON.stringify(input.inputSchema), input.url, input.method, JSON.stringify(input.headers), JSON.stringify(input.releaseIds), now, now],
    );
    return (await this.get(workspaceId, id)) as ExternalTool;
  }

  /** Applies a patch; `headers` replaces them all except values sent as `***`, which keep the stored one. */
  async update(workspaceId: string, id: string, patch: UpdateExternalToolInput): Promise<ExternalTool | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    const stored = parseJson<Record<string, string>>(row.headers, {});
    const headers = patch.headers && Object.fromEntries(Object.entries(patch.headers).map(([k, v]) => [k, v === MASK && k in stored ? (stored[k] as string) : v]));
    const sets: [string, string | number][] = [];
    if (patch.title !== undefined) sets.push(['title', patch.title]);
    if (patch.name !== undefined) sets.push(['name', patch.name]);
    if (patch.description !== undefined) sets.push(['description', patch.description]);
    if (patch.inputSchema !== undefined) sets.push(['input_schema', JSON.stringify(patch.inputSchema)]);
    if (patch.url !== undefined) sets.push(['url', patch.url]);
    if (patch.method !== undefined) sets.push(['method', patch.method]);
    if (headers !== undefined) sets.push(['headers', JSON.stringify(headers)]);
    if (patch.releaseIds !== undefined) sets.push(['release_ids', JSON.stringify(patch.releaseIds)]);
    sets.push(['updated_at', this.deps.clock.now()]);
    await this.deps.storage.run(`UPDATE external_tools SET ${sets.map(([c]) => `${c} = ?`).join(', ')} WHERE id = ?`, [...sets.map(([, v]) => v), id]);
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM external_tools WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return changes > 0;
  }

  /** Calls the tool once with `input` (a GET sends it as the query, others as a JSON body). */
  async call(workspaceId: string, id: string, input: Record<string, unknown>): Promise<ExternalToolTestResult | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'service-emulator-tool/1', ...parseJson<Record<string, string>>(row.headers, {}) };
    let url = row.url;
    let body: string | undefined;
    if (row.method === 'GET' || row.method === 'DELETE') {
      const target = new URL(row.url);
      for (const [k, v] of Object.entries(input)) target.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      url = target.toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input);
    }
    const started = this.deps.clock.now();
    const took = () => Math.max(0, this.deps.clock.now() - started);
    let res: Response;
    try {
      res = await this.outbound(url, { method: row.method, headers, ...(body !== undefined && { body }), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    } catch (err) {
      return { status: 0, ok: false, body: null, error: `Unreachable: ${err instanceof Error ? err.message : String(err)}`, durationMs: took() };
    }
    const text = (await res.text().catch(() => '')).slice(0, MAX_ANSWER_CHARS);
    let parsed: unknown = text;
    if (text && /json/i.test(res.headers.get('content-type') ?? '')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, ok: res.ok, body: parsed, durationMs: took() };
  }
}
