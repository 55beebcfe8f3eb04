// A workspace's custom flaggers and the flags they raised. A flagger is kept as one JSON document
// (its fields are the SDK's plus the emulator's rules); flags are rows, filtered by SQL.
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { CreateFlagger, Flag, Flagger, UpdateFlagger } from '../../types/flaggers-analytics.js';

/** A flagger's fields without its ids and stamps, as stored in the `doc` column. */
export type FlaggerDoc = Omit<Flagger, '_id' | 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>;

interface FlaggerRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  enabled: number;
  doc: string;
  created_at: number;
  updated_at: number;
}

interface FlagRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  flagger_id: string;
  flagger_title: string;
  message_id: string;
  thread_id: string;
  release_id: string;
  role: string;
  excerpt: string;
  outputs: string;
  tags: string;
  notify_user: number;
  created_at: number;
}

const DEFAULTS: Omit<FlaggerDoc, 'title'> = {
  notificationIcon: null,
  notificationMessage: null,
  notificationTags: [],
  assistant: null,
  prefix: null,
  outputKeys: [],
  flagInput: false,
  notifyUser: false,
  enabled: true,
  releaseIds: [],
  match: { keywords: [], regex: null, sentiment: null, mode: 'any' },
  outputs: {},
};

/** The fields a body sets, in the stored form (`match` completed with its defaults). */
function fieldsOf(input: UpdateFlagger): Partial<FlaggerDoc> {
  const { match, ...rest } = input;
  const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<FlaggerDoc>;
  if (match !== undefined) {
    fields.match = { keywords: match.keywords ?? [], regex: match.regex ?? null, sentiment: match.sentiment ?? null, mode: match.mode ?? 'any' };
  }
  return fields;
}

/** A create body with every default filled in (also the shape a dry run of an unsaved flagger judges with). */
export function flaggerDoc(input: CreateFlagger): FlaggerDoc {
  return { ...DEFAULTS, title: input.title, ...fieldsOf(input) };
}

function flaggerOut(row: FlaggerRow): Flagger {
  const doc = parseJson<FlaggerDoc>(row.doc, {} as FlaggerDoc);
  return { _id: row.id, id: row.id, workspaceId: row.workspace_id, ...doc, createdAt: toIso(Number(row.created_at)), updatedAt: toIso(Number(row.updated_at)) };
}

function flagOut(row: FlagRow): Flag {
  return {
    _id: row.id,
    id: row.id,
    workspaceId: row.workspace_id,
    flaggerId: row.flagger_id,
    flaggerTitle: row.flagger_title,
    messageId: row.message_id,
    threadId: row.thread_id,
    releaseId: row.release_id,
    role: row.role as Flag['role'],
    excerpt: row.excerpt,
    outputs: parseJson<Flag['outputs']>(row.outputs, {}),
    tags: parseJson<string[]>(row.tags, []),
    notifyUser: Number(row.notify_user) === 1,
    createdAt: toIso(Number(row.created_at)),
  };
}

export interface FlagFilter {
  flaggerId?: string | undefined;
  threadId?: string | undefined;
  releaseId?: string | undefined;
  since?: number | undefined;
  until?: number | undefined;
}

export type NewFlag = Omit<Flag, '_id' | 'id' | 'createdAt'>;

export class FlaggerStore {
  constructor(private readonly deps: StoreDeps) {}

  private async nextSeq(table: 'flaggers' | 'flags'): Promise<number> {
    return Number((await this.deps.storage.get<{ seq: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM ${table}`))?.seq ?? 1);
  }

  async list(workspaceId: string, enabled?: boolean): Promise<Flagger[]> {
    const rows =
      enabled === undefined
        ? await this.deps.storage.all<FlaggerRow>('SELECT * FROM flaggers WHERE workspace_id = ? ORDER BY seq', [workspaceId])
        : await this.deps.storage.all<FlaggerRow>('SELECT * FROM flaggers WHERE workspace_id = ? AND enabled = ? ORDER BY seq', [workspaceId, enabled ? 1 : 0]);
    return rows.map(flaggerOut);
  }

  async get(workspaceId: string, id: string): Promise<Flagger | undefined> {
    const row = await this.deps.storage.get<FlaggerRow>('SELECT * FROM flaggers WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return row ? flaggerOut(row) : undefined;
  }

  async create(workspaceId: string, input: CreateFlagger & { id?: string | undefined }): Promise<Flagger> {
    const { id, ...body } = input;
    return this.insert(workspaceId, id ?? this.deps.ids.objectId(), flaggerDoc(body));
  }

  private async insert(workspaceId: string, id: string, doc: FlaggerDoc): Promise<Flagger> {
    const now = this.deps.clock.now();
    await this.deps.storage.run('INSERT INTO flaggers (id, seq, workspace_id, enabled, doc, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      id,
      await this.nextSeq('flaggers'),
      workspaceId,
      doc.enabled ? 1 : 0,
      JSON.stringify(doc),
      now,
      now,
    ]);
    return (await this.get(workspaceId, id)) as Flagger;
  }

  async update(workspaceId: string, id: string, patch: UpdateFlagger): Promise<Flagger | undefined> {
    const current = await this.get(workspaceId, id);
    if (!current) return undefined;
    const { _id, id: _same, workspaceId: _ws, createdAt, updatedAt, ...doc } = current;
    // `match` and `outputs` are replaced whole, like the other fields: a PATCH names what it sets.
    const merged: FlaggerDoc = { ...doc, ...fieldsOf(patch) };
    await this.deps.storage.run('UPDATE flaggers SET enabled = ?, doc = ?, updated_at = ? WHERE id = ?', [merged.enabled ? 1 : 0, JSON.stringify(merged), this.deps.clock.now(), id]);
    return this.get(workspaceId, id);
  }

  /** Deletes the flagger; its flags stay (they are history, and analytics count them). */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    return (await this.deps.storage.run('DELETE FROM flaggers WHERE workspace_id = ? AND id = ?', [workspaceId, id])).changes > 0;
  }

  async addFlag(flag: NewFlag): Promise<Flag> {
    const id = this.deps.ids.objectId();
    await this.deps.storage.run(
      `INSERT INTO flags (id, seq, workspace_id, flagger_id, flagger_title, message_id, thread_id, release_id, role, excerpt, outputs, tags, notify_user, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        await this.nextSeq('flags'),
        flag.workspaceId,
        flag.flaggerId,
        flag.flaggerTitle,
        flag.messageId,
        flag.threadId,
        flag.releaseId,
        flag.role,
        flag.excerpt,
        JSON.stringify(flag.outputs),
        JSON.stringify(flag.tags),
        flag.notifyUser ? 1 : 0,
        this.deps.clock.now(),
      ],
    );
    return flagOut((await this.deps.storage.get<FlagRow>('SELECT * FROM flags WHERE id = ?', [id])) as FlagRow);
  }

  /** The workspace's flags, newest first, with the list's filters (`since`, `until` inclusive, epoch ms). */
  async flags(workspaceId: string, filter: FlagFilter): Promise<Flag[]> {
    const where = ['workspace_id = ?'];
    const args: (string | number)[] = [workspaceId];
    const add = (clause: string, value: string | number | undefined) => {
      if (value === undefined) return;
      where.push(clause);
      args.push(value);
    };
    add('flagger_id = ?', filter.flaggerId);
    add('thread_id = ?', filter.threadId);
    add('release_id = ?', filter.releaseId);
    add('created_at >= ?', filter.since);
    add('created_at <= ?', filter.until);
    const rows = await this.deps.storage.all<FlagRow>(`SELECT * FROM flags WHERE ${where.join(' AND ')} ORDER BY seq DESC`, args);
    return rows.map(flagOut);
  }

  /** A workspace clone carries the flaggers (new ids), not their flags. */
  async cloneWorkspace(fromWorkspace: string, toWorkspace: string): Promise<void> {
    for (const f of await this.list(fromWorkspace)) {
      const { _id, id, workspaceId, createdAt, updatedAt, ...doc } = f;
      await this.insert(toWorkspace, this.deps.ids.objectId(), doc);
    }
  }
}
