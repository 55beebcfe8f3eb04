// Users: the people scenarios create, who own workspaces and hold Bearer tokens.
import type { StoreDeps } from '../../core/services.js';
import { parseJson } from '../../core/services.js';

export interface UserRecord {
  id: string;
  email?: string;
  name?: string;
  nickname?: string;
  picture?: string;
  emailVerified: boolean;
  metadata: Record<string, unknown>;
  /** May decide rate-limit requests (the CLI's "platform-admin role"). */
  platformAdmin?: boolean;
  createdAt: number;
}

interface UserRow {
  [column: string]: string | number | null;
  id: string;
  email: string | null;
  name: string | null;
  nickname: string | null;
  picture: string | null;
  email_verified: number;
  metadata: string;
  platform_admin: number | null;
  created_at: number;
}

function fromRow(row: UserRow): UserRecord {
  const user: UserRecord = { id: row.id, emailVerified: row.email_verified === 1, metadata: parseJson(row.metadata, {}), createdAt: Number(row.created_at) };
  if (row.email !== null) user.email = row.email;
  if (row.name !== null) user.name = row.name;
  if (row.nickname !== null) user.nickname = row.nickname;
  if (row.picture !== null) user.picture = row.picture;
  if (Number(row.platform_admin) === 1) user.platformAdmin = true;
  return user;
}

export class UserStore {
  constructor(private readonly deps: StoreDeps) {}

  async insert(user: UserRecord): Promise<void> {
    await this.deps.storage.run(
      `INSERT INTO users (id, email, name, nickname, picture, email_verified, metadata, platform_admin, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        user.id,
        user.email ?? null,
        user.name ?? null,
        user.nickname ?? null,
        user.picture ?? null,
        user.emailVerified ? 1 : 0,
        JSON.stringify(user.metadata),
        user.platformAdmin ? 1 : 0,
        user.createdAt,
      ],
    );
  }

  /** Every user, by id. */
  async list(): Promise<UserRecord[]> {
    const rows = await this.deps.storage.all<UserRow>('SELECT * FROM users ORDER BY id');
    return rows.map(fromRow);
  }

  async get(id: string): Promise<UserRecord | undefined> {
    const row = await this.deps.storage.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]);
    return row ? fromRow(row) : undefined;
  }

  /** The user with this email, compared without regard to case. */
  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const row = await this.deps.storage.get<UserRow>('SELECT * FROM users WHERE LOWER(email) = ? ORDER BY created_at, id LIMIT 1', [email.toLowerCase()]);
    return row ? fromRow(row) : undefined;
  }
}
