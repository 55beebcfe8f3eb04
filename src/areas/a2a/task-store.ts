// A2A tasks: one per agent call, with its A2A state, history (user and agent messages) and
// artifacts; a non-blocking task also keeps what it will send until it runs.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import { TERMINAL_STATES, type TaskState } from './schema.js';

/** An A2A Message as stored and served (kind `message`). */
export interface A2aMessage {
  kind: 'message';
  role: 'user' | 'agent';
  messageId: string;
  contextId: string;
  taskId: string;
  parts: { kind: 'text'; text: string }[];
  metadata?: Record<string, unknown>;
}

export interface A2aArtifact {
  artifactId: string;
  name?: string;
  parts: { kind: 'text'; text: string }[];
}

/** What a submitted (non-blocking) task will send when it runs. */
export interface PendingSend {
  content: string;
  messageId: string;
  paymentHeader: string | null;
}

export interface TaskRecord {
  id: string;
  contextId: string;
  workspaceId: string;
  releaseId: string;
  state: TaskState;
  history: A2aMessage[];
  artifacts: A2aArtifact[];
  statusMessage: A2aMessage | null;
  pending: PendingSend | null;
  metadata: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

interface TaskRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  context_id: string;
  workspace_id: string;
  release_id: string;
  state: string;
  history: string;
  artifacts: string;
  status_message: string | null;
  pending: string | null;
  metadata: string;
  created_at: number;
  updated_at: number;
}

function fromRow(row: TaskRow): TaskRecord {
  return {
    id: row.id,
    contextId: row.context_id,
    workspaceId: row.workspace_id,
    releaseId: row.release_id,
    state: row.state as TaskState,
    history: parseJson<A2aMessage[]>(row.history, []),
    artifacts: parseJson<A2aArtifact[]>(row.artifacts, []),
    statusMessage: parseJson<A2aMessage | null>(row.status_message, null),
    pending: parseJson<PendingSend | null>(row.pending, null),
    metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export const isTerminal = (state: TaskState): boolean => TERMINAL_STATES.includes(state);

/** The A2A Task object of a record; `historyLength` keeps only the newest messages. */
export function taskView(task: TaskRecord, historyLength?: number) {
  const history = historyLength === undefined ? task.history : historyLength === 0 ? [] : task.history.slice(-historyLength);
  return {
    kind: 'task' as const,
    id: task.id,
    contextId: task.contextId,
    status: { state: task.state, ...(task.statusMessage && { message: task.statusMessage }), timestamp: toIso(task.updatedAt) },
    history,
    ...(task.artifacts.length > 0 && { artifacts: task.artifacts }),
    metadata: { releaseId: task.releaseId, ...task.metadata },
  };
}

export class A2aTaskStore {
  constructor(private readonly deps: StoreDeps) {}

  newId(): string {
    return this.deps.ids.objectId();
  }

  async create(task: Omit<TaskRecord, 'createdAt' | 'updatedAt'>): Promise<TaskRecord> {
    const now = this.deps.clock.now();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM a2a_tasks');
    await this.deps.storage.run(
      `INSERT INTO a2a_tasks (id, seq, context_id, workspace_id, release_id, state, history, artifacts, status_message, pending, metadata, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        task.id,
        Number(next?.seq ?? 1),
        task.contextId,
        task.workspaceId,
        task.releaseId,
        task.state,
        JSON.stringify(task.history),
        JSON.stringify(task.artifacts),
        task.statusMessage ? JSON.stringify(task.statusMessage) : null,
        task.pending ? JSON.stringify(task.pending) : null,
        JSON.stringify(task.metadata),
        now,
        now,
      ],
    );
    return { ...task, createdAt: now, updatedAt: now };
  }

  async get(id: string): Promise<TaskRecord | undefined> {
    const row = await this.deps.storage.get<TaskRow>('SELECT * FROM a2a_tasks WHERE id = ?', [id]);
    return row ? fromRow(row) : undefined;
  }

  /** Writes the task's new state, history, artifacts and status message; a finished task has nothing pending. */
  async update(task: TaskRecord): Promise<TaskRecord> {
    const now = this.deps.clock.now();
    await this.deps.storage.run(
      'UPDATE a2a_tasks SET state = ?, history = ?, artifacts = ?, status_message = ?, pending = ?, metadata = ?, updated_at = ? WHERE id = ?',
      [
        task.state,
        JSON.stringify(task.history),
        JSON.stringify(task.artifacts),
        task.statusMessage ? JSON.stringify(task.statusMessage) : null,
        task.pending ? JSON.stringify(task.pending) : null,
        JSON.stringify(task.metadata),
        now,
        task.id,
      ],
    );
    return { ...task, updatedAt: now };
  }

  /** The first published release (creation order) that takes anonymous chat: A2A's default agent. */
  async firstAnonymousRelease(): Promise<string | undefined> {
    const row = await this.deps.storage.get<{ id: string }>("SELECT id FROM releases WHERE status = 'active' AND auth_mode <> 'required' ORDER BY seq LIMIT 1");
    return row?.id;
  }
}
