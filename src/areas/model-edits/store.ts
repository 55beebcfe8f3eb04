// Model edits and their clock-driven apply: draft -> (apply) queued -> applying -> applied | failed;
// applied -> (revert) reverted. Chat answers an applied edit's prompt on its release with the
// corrected reply (the override registered with chat in index.ts reads `override`).
import { parseJson, toIso, type StoreDeps } from '../../core/services.js';
import type { ModelEdit, ModelEditStatus } from '../../types/model-edits.js';
import { badEditTransition } from './errors.js';

export const APPLY_STEP = 'model-edits.step';
/** Emulator-defined pacing: a queued edit starts applying after QUEUE_MS and lands APPLY_MS later. */
export const QUEUE_MS = 1_000;
export const APPLY_MS = 5_000;

interface EditRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  release_id: string;
  title: string;
  prompt: string;
  prompt_key: string;
  original_reply: string | null;
  corrected_reply: string;
  message_ref: string | null;
  status: string;
  error_code: string | null;
  error_message: string | null;
  run_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  applied_at: number | null;
  reverted_at: number | null;
}

/** How chat matches a prompt: case, surrounding and repeated white space do not matter. */
export const promptKey = (prompt: string) => prompt.normalize('NFC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en-US');

const ACTIVE = new Set(['queued', 'applying']);
const EDITABLE = new Set(['draft', 'failed', 'reverted']);

function recordOf(row: EditRow): ModelEdit {
  const ref = parseJson<{ threadId: string; messageId: string } | null>(row.message_ref, null);
  return {
    _id: row.id,
    id: row.id,
    workspaceId: row.workspace_id,
    releaseId: row.release_id,
    title: row.title,
    prompt: row.prompt,
    originalReply: row.original_reply,
    correctedReply: row.corrected_reply,
    ...(ref && { messageRef: ref }),
    status: row.status as ModelEditStatus,
    ...(row.error_code !== null && { error: { code: row.error_code, message: row.error_message ?? '' } }),
    createdBy: row.created_by,
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
    ...(row.applied_at !== null && { appliedAt: toIso(Number(row.applied_at)) }),
    ...(row.reverted_at !== null && { revertedAt: toIso(Number(row.reverted_at)) }),
  };
}

export interface NewEdit {
  id?: string;
  releaseId: string;
  title?: string;
  prompt: string;
  originalReply: string | null;
  correctedReply: string;
  messageRef?: { threadId: string; messageId: string };
  createdBy: string | null;
  /** Scenario placement: any state; a queued or applying edit is continued by the clock. */
  status?: ModelEditStatus;
  error?: { code: string; message: string };
}

export interface EditFilter {
  releaseId?: string | undefined;
  status?: ModelEditStatus | 'all' | undefined;
  ids?: string[] | undefined;
}

export class ModelEditStore {
  constructor(
    private readonly deps: StoreDeps,
    /** Whether the release still exists in the workspace (an apply fails once it is gone). */
    private readonly releaseExists: (workspaceId: string, releaseId: string) => Promise<boolean>,
  ) {}

  private row(workspaceId: string, id: string) {
    return this.deps.storage.get<EditRow>('SELECT * FROM model_edits WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  async get(workspaceId: string, id: string): Promise<ModelEdit | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? recordOf(row) : undefined;
  }

  async list(workspaceId: string, filter: EditFilter = {}): Promise<ModelEdit[]> {
    const rows = await this.deps.storage.all<EditRow>('SELECT * FROM model_edits WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    let edits = rows.map(recordOf);
    if (filter.releaseId !== undefined) edits = edits.filter((e) => e.releaseId === filter.releaseId);
    if (filter.status !== undefined && filter.status !== 'all') edits = edits.filter((e) => e.status === filter.status);
    if (filter.ids !== undefined) {
      const byId = new Map(edits.map((e) => [e.id, e]));
      edits = filter.ids.flatMap((id) => byId.get(id) ?? []);
    }
    return edits;
  }

  async create(workspaceId: string, input: NewEdit): Promise<ModelEdit> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    const status = input.status ?? 'draft';
    const runId = ACTIVE.has(status) ? this.deps.ids.objectId() : null;
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM model_edits');
    await this.deps.storage.run(
      `INSERT INTO model_edits (id, seq, workspace_id, release_id, title, prompt, prompt_key, original_reply, corrected_reply, message_ref, status,
         error_code, error_message, run_id, created_by, created_at, updated_at, applied_at, reverted_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        workspaceId,
        input.releaseId,
        input.title ?? input.prompt.slice(0, 80),
        input.prompt,
        promptKey(input.prompt),
        input.originalReply,
        input.correctedReply,
        input.messageRef ? JSON.stringify(input.messageRef) : null,
        status,
        input.error?.code ?? (status === 'failed' ? 'apply_failed' : null),
        input.error?.message ?? (status === 'failed' ? 'The edit could not be applied' : null),
        runId,
        input.createdBy,
        now,
        now,
        status === 'applied' || status === 'reverted' ? now : null,
        status === 'reverted' ? now : null,
      ],
    );
    if (status === 'queued') await this.deps.scheduler.schedule(APPLY_STEP, { editId: id, runId, phase: 'start' }, QUEUE_MS);
    if (status === 'applying') await this.deps.scheduler.schedule(APPLY_STEP, { editId: id, runId, phase: 'finish' }, APPLY_MS);
    return recordOf((await this.row(workspaceId, id)) as EditRow);
  }

  /** Changes a draft, failed or reverted edit (it becomes a draft again); 409 while applying or applied. */
  async update(workspaceId: string, id: string, change: { title?: string; prompt?: string; originalReply?: string; correctedReply?: string }) {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    if (!EDITABLE.has(row.status)) throw badEditTransition(id, row.status, row.status === 'applied' ? 'change until it is reverted' : 'change while it applies');
    const prompt = change.prompt ?? row.prompt;
    await this.deps.storage.run(
      `UPDATE model_edits SET title = ?, prompt = ?, prompt_key = ?, original_reply = ?, corrected_reply = ?, status = 'draft',
         error_code = NULL, error_message = NULL, updated_at = ? WHERE id = ?`,
      [change.title ?? row.title, prompt, promptKey(prompt), change.originalReply ?? row.original_reply, change.correctedReply ?? row.corrected_reply, this.deps.clock.now(), id],
    );
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    if (!(await this.row(workspaceId, id))) return false;
    // A pending apply step finds no row and does nothing; chat stops answering with it at once.
    await this.deps.storage.run('DELETE FROM model_edits WHERE id = ?', [id]);
    return true;
  }

  async apply(workspaceId: string, id: string): Promise<ModelEdit | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    if (!EDITABLE.has(row.status)) throw badEditTransition(id, row.status, 'be applied');
    const runId = this.deps.ids.objectId();
    await this.deps.storage.run(
      "UPDATE model_edits SET status = 'queued', run_id = ?, error_code = NULL, error_message = NULL, reverted_at = NULL, updated_at = ? WHERE id = ?",
      [runId, this.deps.clock.now(), id],
    );
    await this.deps.scheduler.schedule(APPLY_STEP, { editId: id, runId, phase: 'start' }, QUEUE_MS);
    return this.get(workspaceId, id);
  }

  /** An applied edit stops answering at once; the record stays (re-apply it, or edit it). */
  async revert(workspaceId: string, id: string): Promise<ModelEdit | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    if (row.status !== 'applied') throw badEditTransition(id, row.status, 'be reverted (only an applied edit can)');
    const now = this.deps.clock.now();
    await this.deps.storage.run("UPDATE model_edits SET status = 'reverted', reverted_at = ?, updated_at = ? WHERE id = ?", [now, now, id]);
    return this.get(workspaceId, id);
  }

  /** One clock step of an apply; a step of an older run (re-applied, deleted) does nothing. */
  async step(payload: Record<string, unknown>): Promise<void> {
    const row = await this.deps.storage.get<EditRow>('SELECT * FROM model_edits WHERE id = ?', [String(payload.editId)]);
    if (!row || row.run_id === null || row.run_id !== payload.runId) return;
    const now = this.deps.clock.now();
    if (payload.phase === 'start') {
      await this.deps.storage.run("UPDATE model_edits SET status = 'applying', updated_at = ? WHERE id = ?", [now, row.id]);
      await this.deps.scheduler.schedule(APPLY_STEP, { editId: row.id, runId: row.run_id, phase: 'finish' }, APPLY_MS);
      return;
    }
    if (payload.phase !== 'finish') return;
    if (!(await this.releaseExists(row.workspace_id, row.release_id))) {
      await this.deps.storage.run(
        "UPDATE model_edits SET status = 'failed', error_code = 'release_not_found', error_message = ?, run_id = NULL, updated_at = ? WHERE id = ?",
        [`Release ${row.release_id} no longer exists`, now, row.id],
      );
      return;
    }
    await this.deps.storage.run("UPDATE model_edits SET status = 'applied', run_id = NULL, applied_at = ?, updated_at = ? WHERE id = ?", [now, now, row.id]);
  }

  /** The corrected reply chat gives a prompt on a release: the newest applied edit that matches. */
  async override(query: { workspaceId: string; releaseId: string; prompt: string }): Promise<{ text: string; source: { type: string; id: string } } | undefined> {
    const row = await this.deps.storage.get<{ id: string; corrected_reply: string }>(
      "SELECT id, corrected_reply FROM model_edits WHERE release_id = ? AND prompt_key = ? AND workspace_id = ? AND status = 'applied' ORDER BY applied_at DESC, seq DESC LIMIT 1",
      [query.releaseId, promptKey(query.prompt), query.workspaceId],
    );
    return row ? { text: row.corrected_reply, source: { type: 'model-edit', id: row.id } } : undefined;
  }
}
