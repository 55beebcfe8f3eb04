// Handles: everything a test needs to address what a scenario created (ids, key secrets, tokens).

export interface ApiKeyHandle {
  id: string;
  name: string;
  /** The key's secret; absent after a state import, which carries only hashes. */
  secret?: string;
  status: string;
}

export interface WorkspaceHandle {
  id: string;
  slug: string;
  name: string;
  apiKeys: ApiKeyHandle[];
  transcripts: { id: string; title: string }[];
}

export interface UserHandle {
  id: string;
  email?: string;
  accessToken: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface Handles {
  scenario: string;
  seed: number;
  now: string;
  workspaces: WorkspaceHandle[];
  users: UserHandle[];
}
