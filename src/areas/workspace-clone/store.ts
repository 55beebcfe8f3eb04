// Workspace clone jobs: a state machine (pending → running → completed, or failed) driven by the
// scheduler. Completing copies the workspace record, its members and its transcripts under new ids.
import type { JobHandlers } from '../../clock/scheduler.js';
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { WorkspaceRecord, WorkspaceStore } from '../workspaces/public.js';
import type { TranscriptStore } from '../transcripts/public.js';
import { CLONE_COMPLETED_AFTER_MS, CLONE_RUNNING_AFTER_MS, type CloneJob, type CloneStatus } from './schema.js';

interface JobRow {
  [column: string]: string | number | null;
  id: string;
  source_workspace_id: string;
  workspace_id: string | null;
  name: string;
  rag_vector_ids: string;
  status: string;
  error: string | null;
  requested_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface CloneJobRecord {
  id: string;
  sourceWorkspaceId: string;
  workspaceId?: string;
  name: string;
  ragVectorIds: string[];
  status: CloneStatus;
  error?: { code: string; message: string };
  requestedBy?: string;
  createdAt: number;
  updatedAt: number;
}

const START = 'workspaces.clone.start';
const FINISH = 'workspaces.clone.finish';

function fromRow(row: JobRow): CloneJobRecord {
  return {
    id: row.id,
    sourceWorkspaceId: row.source_workspace_id,
    ...(row.workspace_id !== null && { workspaceId: row.workspace_id }),
    name: row.name,
    ragVectorIds: parseJson(row.rag_vector_ids, []),
    status: row.status as CloneStatus,
    ...(row.error !== null && { error: parseJson(row.error, { code: 'INTERNAL_ERROR', message: 'Clone failed' }) }),
    ...(row.requested_by !== null && { requestedBy: row.requested_by }),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function cloneJobAnswer(job: CloneJobRecord): CloneJob {
  return {
    jobId: job.id,
    status: job.status,
    sourceWorkspaceId: job.sourceWorkspaceId,
    ...(job.workspaceId !== undefined && { workspaceId: job.workspaceId }),
    name: job.name,
    ragVectorIds: job.ragVectorIds,
    ...(job.error !== undefined && { error: job.error }),
    createdAt: toIso(job.createdAt),
    updatedAt: toIso(job.updatedAt),
  };
}


export class CloneJobStore {
  /** What other areas copy into a clone (their `onWorkspaceClone`), after members and transcripts. */
  private readonly copyHooks: ((fromId: string, toId: string) => Promise<void>)[] = [];

  constructor(
    private readonly deps: StoreDeps,
    private readonly workspaces: WorkspaceStore,
    private readonly transcripts: TranscriptStore,
  ) {}

  /** The scheduler's handlers for this area's job kinds. */
  jobHandlers(): JobHandlers {
    return {
      [START]: async (payload) => this.start(String(payload.jobId)),
      [FINISH]: async (payload) => this.finish(String(payload.jobId)),
    };
  }

  onCopy(hook: (fromId: string, toId: string) => Promise<void>): void {
    this.copyHooks.push(hook);
  }

  async get(id: string): Promise<CloneJobRecord | undefined> {
    const row = await this.deps.storage.get<JobRow>('SELECT * FROM workspace_clone_jobs WHERE id = ?', [id]);
    return row ? fromRow(row) : undefined;
  }

  async queue(sourceWorkspaceId: string, name: string, ragVectorIds: string[], requestedBy: string | undefined): Promise<CloneJobRecord> {
    const now = this.deps.clock.now();
    const id = this.deps.ids.objectId();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM workspace_clone_jobs');
    await this.deps.storage.run(
      `INSERT INTO workspace_clone_jobs (id, seq, source_workspace_id, workspace_id, name, rag_vector_ids, status, error, requested_by, created_at, updated_at)
       VALUES (?, ?, ?, NULL, ?, ?, 'pending', NULL, ?, ?, ?)`,
      [id, Number(next?.seq ?? 1), sourceWorkspaceId, name, JSON.stringify(ragVectorIds), requestedBy ?? null, now, now],
    );
    await this.deps.scheduler.schedule(START, { jobId: id }, CLONE_RUNNING_AFTER_MS);
    return (await this.get(id)) as CloneJobRecord;
  }

  private async setStatus(id: string, status: CloneStatus, extra: { workspaceId?: string; error?: { code: string; message: string } } = {}) {
    await this.deps.storage.run('UPDATE workspace_clone_jobs SET status = ?, workspace_id = ?, error = ?, updated_at = ? WHERE id = ?', [
      status,
      extra.workspaceId ?? null,
      extra.error ? JSON.stringify(extra.error) : null,
      this.deps.clock.now(),
      id,
    ]);
  }

  private async start(id: string): Promise<void> {
    const job = await this.get(id);
    if (job?.status !== 'pending') return;
    await this.setStatus(id, 'running');
    await this.deps.scheduler.schedule(FINISH, { jobId: id }, CLONE_COMPLETED_AFTER_MS - CLONE_RUNNING_AFTER_MS);
  }

  private async finish(id: string): Promise<void> {
    const job = await this.get(id);
    if (job?.status !== 'running') return;
    const source = await this.workspaces.get(job.sourceWorkspaceId);
    if (!source) {
      await this.setStatus(id, 'failed', { error: { code: 'NOT_FOUND', message: 'The source workspace no longer exists' } });
      return;
    }
    const copy = await this.copy(source, job);
    await this.setStatus(id, 'completed', { workspaceId: copy.id });
  }

  /** The new workspace: the requester (while they exist) owns it; members and transcripts come along. */
  private async copy(source: WorkspaceRecord, job: CloneJobRecord): Promise<WorkspaceRecord> {
    const requester = job.requestedBy !== undefined ? await this.deps.storage.get<{ id: string }>('SELECT id FROM users WHERE id = ?', [job.requestedBy]) : undefined;
    const ownerId = requester?.id ?? source.ownerId;
    const ws = await this.workspaces.create({
      name: job.name,
      slug: await this.workspaces.uniqueSlug(job.name),
      ...(source.description !== undefined && { description: source.description }),
      ownerId,
      settings: source.settings,
      limits: source.limits,
      ...(requester && { createdBy: requester.id }),
    });
    const now = this.deps.clock.now();
    const members = await this.deps.storage.all<{ user_id: string; role: string; permissions: string }>(
      'SELECT user_id, role, permissions FROM workspace_members WHERE workspace_id = ? ORDER BY joined_at, user_id',
      [source.id],
    );
    for (const m of members) {
      if (m.user_id === ownerId) continue;
      await this.deps.storage.run('INSERT INTO workspace_members (workspace_id, user_id, role, permissions, joined_at) VALUES (?, ?, ?, ?, ?)', [
        ws.id,
        m.user_id,
        m.role,
        m.permissions,
        now,
      ]);
    }
    await this.transcripts.copyWorkspace(source.id, ws.id);
    for (const hook of this.copyHooks) await hook(source.id, ws.id);
    return ws;
  }
}
