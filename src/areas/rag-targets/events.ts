// The vector index event log: a read-only audit trail of what happened to files in a target.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { Principal } from '../../core/route.js';
import type { EventRecord, EventsQuery } from './schema.js';

export type ActorType = 'apiKey' | 'user' | 'system';

export interface Actor {
  type: ActorType;
  id: string | null;
}

export const SYSTEM: Actor = { type: 'system', id: null };

export function actorOf(principal: Principal): Actor {
  if (principal.kind === 'apiKey') return { type: 'apiKey', id: principal.keyId };
  if (principal.kind === 'user') return { type: 'user', id: principal.userId };
  if (principal.kind === 'endUser') return { type: 'user', id: principal.subject };
  return SYSTEM;
}

/** Event action names (emulator-defined; the spec does not list them). */
export type EventAction =
  | 'target.created'
  | 'target.updated'
  | 'target.migrated'
  | 'target.forked'
  | 'file.uploaded'
  | 'file.processing'
  | 'file.chunking'
  | 'file.embedding'
  | 'file.completed'
  | 'file.searchable'
  | 'file.failed'
  | 'file.updated'
  | 'file.deleted'
  | 'file.reindex_queued'
  | 'ghost_refs.pruned'
  | 'chunks.deduplicated';

interface EventRow {
  [column: string]: string | number | null;
  id: string;
  seq: number;
  target_id: string;
  file_id: string | null;
  action: string;
  actor_type: string;
  actor_id: string | null;
  details: string;
  backfill: number;
  at: number;
}

function eventOut(row: EventRow): EventRecord {
  return {
    _id: row.id,
    collectionId: row.target_id,
    fileId: row.file_id,
    action: row.action,
    actorType: row.actor_type as ActorType,
    actorId: row.actor_id,
    details: parseJson<Record<string, unknown>>(row.details, {}),
    backfill: row.backfill === 1,
    at: toIso(Number(row.at)),
  };
}

export class RagEvents {
  constructor(private readonly deps: StoreDeps) {}

  async record(
    targetId: string,
    fileId: string | null,
    action: EventAction,
    actor: Actor,
    details: Record<string, unknown> = {},
    options: { backfill?: boolean; at?: number } = {},
  ): Promise<void> {
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM rag_events');
    await this.deps.storage.run(
      `INSERT INTO rag_events (id, seq, target_id, file_id, action, actor_type, actor_id, details, backfill, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        this.deps.ids.objectId(),
        Number(next?.seq ?? 1),
        targetId,
        fileId,
        action,
        actor.type,
        actor.id,
        JSON.stringify(details),
        options.backfill ? 1 : 0,
        options.at ?? this.deps.clock.now(),
      ],
    );
  }

  /** The target's timeline, newest first, with the spec's filters. */
  async list(targetId: string, query: EventsQuery): Promise<{ data: EventRecord[]; hasMore: boolean; total: number }> {
    let where = 'target_id = ?';
    const params: (string | number)[] = [targetId];
    if (query.fileId !== undefined) {
      where += ' AND file_id = ?';
      params.push(query.fileId);
    }
    if (query.action !== undefined) {
      where += ' AND action = ?';
      params.push(query.action);
    }
    if (query.actorType !== undefined) {
      where += ' AND actor_type = ?';
      params.push(query.actorType);
    }
    if (query.since !== undefined) {
      where += ' AND at >= ?';
      params.push(query.since);
    }
    if (!query.includeBackfill) where += ' AND backfill = 0';
    const total = Number((await this.deps.storage.get<{ n: number }>(`SELECT COUNT(*) AS n FROM rag_events WHERE ${where}`, params))?.n ?? 0);
    const rows = await this.deps.storage.all<EventRow>(`SELECT * FROM rag_events WHERE ${where} ORDER BY seq DESC LIMIT ?`, [...params, query.limit]);
    return { data: rows.map(eventOut), hasMore: total > rows.length, total };
  }

  async deleteForTarget(targetId: string): Promise<void> {
    await this.deps.storage.run('DELETE FROM rag_events WHERE target_id = ?', [targetId]);
  }
}
