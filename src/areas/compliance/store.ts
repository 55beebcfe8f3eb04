// Data-subject requests: queued, then processed by a clock job (export: a JSON of everything held
// about the subject; deletion: really removes it and counts what went), emitting
// `compliance.request.completed`.
import type { AreaEvents } from '../../core/area.js';
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { ComplianceRequest, ComplianceSubject, IntegrationJobStatus } from '../../types/integrations.js';
import { collectSubject, countsOf, eraseSubject, resolveSubject } from './subject.js';

export const JOB_PROCESS = 'compliance.process';
export const PROCESS_DELAY_MS = 1000;
export const DOWNLOAD_TTL_MS = 24 * 60 * 60 * 1000;

interface RequestRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  type: string;
  subject: string;
  status: string;
  counts: string | null;
  content: string | null;
  created_at: number;
  finished_at: number | null;
  expires_at: number | null;
}

function answer(row: RequestRow): ComplianceRequest {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    type: row.type as ComplianceRequest['type'],
    subject: parseJson<Record<string, string>>(row.subject, {}),
    status: row.status as IntegrationJobStatus,
    workspaceId: row.workspace_id,
    ...(row.counts !== null && { counts: parseJson<Record<string, number>>(row.counts, {}) }),
    ...(row.type === 'export' && row.status === 'succeeded' && { downloadUrl: `/api/v1/compliance/requests/${row.id}/download` }),
    createdAt: toIso(Number(row.created_at)),
    ...(row.finished_at !== null && { finishedAt: toIso(Number(row.finished_at)) }),
  };
}

export class ComplianceStore {
  constructor(
    private readonly deps: StoreDeps,
    private readonly events: AreaEvents,
    private readonly deleteTranscript: (workspaceId: string, id: string) => Promise<boolean>,
  ) {}

  async create(workspaceId: string, input: { title: string; type: 'export' | 'deletion'; subject: ComplianceSubject }): Promise<ComplianceRequest> {
    const id = this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM compliance_requests');
    await this.deps.storage.run(
      `INSERT INTO compliance_requests (id, seq, workspace_id, title, type, subject, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?)`,
      [id, Number(next?.seq ?? 1), workspaceId, input.title, input.type, JSON.stringify(input.subject), this.deps.clock.now()],
    );
    await this.deps.scheduler.schedule(JOB_PROCESS, { requestId: id }, PROCESS_DELAY_MS);
    return (await this.get(workspaceId, id)) as ComplianceRequest;
  }

  private row(workspaceId: string, id: string): Promise<RequestRow | undefined> {
    return this.deps.storage.get<RequestRow>('SELECT * FROM compliance_requests WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  async get(workspaceId: string, id: string): Promise<ComplianceRequest | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? answer(row) : undefined;
  }

  async list(workspaceId: string): Promise<ComplianceRequest[]> {
    const rows = await this.deps.storage.all<RequestRow>(
      'SELECT id, workspace_id, title, type, subject, status, counts, NULL AS content, created_at, finished_at, expires_at FROM compliance_requests WHERE workspace_id = ? ORDER BY seq DESC',
      [workspaceId],
    );
    return rows.map(answer);
  }

  async file(workspaceId: string, id: string): Promise<{ request: ComplianceRequest; content: string | null; expiresAt: number | null } | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? { request: answer(row), content: row.content, expiresAt: row.expires_at === null ? null : Number(row.expires_at) } : undefined;
  }

  async process(payload: Record<string, unknown>): Promise<void> {
    const row = await this.deps.storage.get<RequestRow>('SELECT * FROM compliance_requests WHERE id = ?', [String(payload.requestId)]);
    if (!row || row.status !== 'queued') return;
    await this.deps.storage.run("UPDATE compliance_requests SET status = 'running' WHERE id = ?", [row.id]);
    const now = this.deps.clock.now();
    const subject = parseJson<ComplianceSubject>(row.subject, {});
    const who = await resolveSubject(this.deps.storage, row.workspace_id, subject);
    let counts: Record<string, number>;
    let content: string | null = null;
    if (row.type === 'export') {
      const data = await collectSubject(this.deps.storage, row.workspace_id, who);
      counts = countsOf(data);
      content = JSON.stringify({ requestId: row.id, workspaceId: row.workspace_id, subject, generatedAt: toIso(now), ...data }, null, 2);
    } else {
      counts = await eraseSubject(this.deps.storage, row.workspace_id, who, (id) => this.deleteTranscript(row.workspace_id, id));
    }
    await this.deps.storage.run(
      "UPDATE compliance_requests SET status = 'succeeded', counts = ?, content = ?, finished_at = ?, expires_at = ? WHERE id = ?",
      [JSON.stringify(counts), content, now, content === null ? null : now + DOWNLOAD_TTL_MS, row.id],
    );
    await this.events.emit({
      workspaceId: row.workspace_id,
      kind: 'compliance.request.completed',
      data: { requestId: row.id, type: row.type, status: 'succeeded', counts },
      message: `Data-subject ${row.type} request ${row.title} completed`,
    });
  }
}
