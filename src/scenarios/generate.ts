// Generated scenario content (`generate: { transcripts: N }` on a workspace): realistic support
// transcripts from a seeded Faker, so the same seed gives the same thousands of rows. Ids and
// timestamps come from the same stream, never from the emulator's main id stream, so generating
// leaves every other seeded id unchanged.
import { seededFaker } from '../seed/faker.js';
import type { SqlValue, Storage } from '../storage/storage.js';
import { forgetTranscriptOrder } from '../areas/transcripts/order-index.js';

export interface GeneratedTranscript {
  id: string;
  title: string;
  createdAt: number;
  metadata: Record<string, unknown>;
  messages: { role: 'user' | 'assistant'; content: string; timestamp: number }[];
}

const DAY_MS = 86_400_000;
const TOPICS = [
  ['Cannot sign in', 'password reset email never arrives'],
  ['Invoice question', 'charged twice this month'],
  ['Export to CSV', 'download stops halfway'],
  ['Slow dashboard', 'pages take ten seconds to load'],
  ['API key rotation', 'old key still works after rotation'],
  ['Webhook failures', 'receiving 502 from our endpoint'],
  ['Plan upgrade', 'need more seats for the team'],
  ['Data deletion', 'request to remove a former employee'],
] as const;

/** `count` transcripts spread over the 90 days before `now`, newest last, 2 to 8 messages each. */
export async function generateTranscripts(count: number, seed: number, label: string, now: number): Promise<GeneratedTranscript[]> {
  const faker = await seededFaker(seed, label);
  const out: GeneratedTranscript[] = [];
  for (let i = 0; i < count; i++) {
    const [topic, problem] = faker.helpers.arrayElement(TOPICS);
    const customer = faker.person.firstName();
    const agent = faker.person.firstName();
    const createdAt = now - Math.floor(((count - i) / count) * 90 * DAY_MS) + faker.number.int({ min: 0, max: 3_600_000 });
    const turns = faker.number.int({ min: 2, max: 8 });
    const messages: GeneratedTranscript['messages'] = [];
    for (let t = 0; t < turns; t++) {
      const user = t % 2 === 0;
      const content = user
        ? t === 0
          ? `Hi, I'm ${customer} from ${faker.company.name()}. ${problem[0]!.toUpperCase()}${problem.slice(1)}. ${faker.lorem.sentence()}`
          : faker.lorem.sentences({ min: 1, max: 2 })
        : `Thanks${t === 1 ? `, ${customer}` : ''}. ${faker.hacker.phrase()} — ${agent}`;
      messages.push({ role: user ? 'user' : 'assistant', content, timestamp: Math.min(now, createdAt + t * 45_000) });
    }
    const seconds = Math.floor(createdAt / 1000).toString(16).padStart(8, '0');
    out.push({
      id: seconds + faker.string.hexadecimal({ length: 16, casing: 'lower', prefix: '' }),
      title: `${topic}: ${faker.word.words({ count: { min: 2, max: 4 } })}`,
      createdAt: Math.min(createdAt, now),
      metadata: { generated: true, channel: faker.helpers.arrayElement(['email', 'chat', 'phone']), customer },
      messages,
    });
  }
  return out;
}

/** Rows per INSERT: well under the bind-parameter limits of SQLite (32 766) and Postgres (65 535). */
const ROWS_PER_INSERT = 400;

async function insertRows(storage: Storage, table: string, columns: string[], rows: SqlValue[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + ROWS_PER_INSERT);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    await storage.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${batch.map(() => tuple).join(', ')}`, batch.flat());
  }
}

/**
 * Writes generated transcripts in bulk: the same rows the transcripts store writes one message at
 * a time (test/scenarios.test.ts compares the two), in a few statements instead of tens of
 * thousands, so `large` loads in seconds on PGlite too.
 */
export async function insertGeneratedTranscripts(storage: Storage, workspaceId: string, transcripts: GeneratedTranscript[]): Promise<void> {
  const next = await storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) AS seq FROM transcripts');
  let seq = Number(next?.seq ?? 0);
  const transcriptRows: SqlValue[][] = [];
  const messageRows: SqlValue[][] = [];
  for (const t of transcripts) {
    let updatedAt = t.createdAt;
    let lastAt = 0;
    t.messages.forEach((m, position) => {
      messageRows.push([t.id, position, m.role, JSON.stringify(m.content), m.timestamp, '[]', '{}']);
      updatedAt = Math.max(updatedAt, m.timestamp);
      lastAt = m.timestamp;
    });
    transcriptRows.push([t.id, ++seq, workspaceId, t.title, 0, 0, JSON.stringify(t.metadata), '[]', '{}', null, t.messages.length, lastAt, t.createdAt, updatedAt]);
  }
  await insertRows(
    storage,
    'transcripts',
    ['id', 'seq', 'workspace_id', 'title', 'locked', 'hide_conversation_starters', 'metadata', 'child_transcripts', 'extra', 'session_id', 'message_count', 'last_message_at', 'created_at', 'updated_at'],
    transcriptRows,
  );
  await insertRows(storage, 'transcript_messages', ['transcript_id', 'position', 'role', 'content', 'timestamp', 'context', 'extra'], messageRows);
  // Written around the store: its list-order index is rebuilt on next use.
  await forgetTranscriptOrder(storage);
}
