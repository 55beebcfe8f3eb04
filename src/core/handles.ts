// Handles: everything a test needs to address what a scenario created (ids, key secrets, tokens).
// An area that loads a scenario section may add its own field to a workspace handle by declaration
// merging (`declare module '../../core/handles.js' { interface WorkspaceHandle { fineTunes?: ... } }`).

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
  releases: { id: string; name: string }[];
  /** RAG targets (vector indexes) with their files, and groups of targets. */
  ragTargets: { id: string; title: string; files: { id: string; title: string; state: string }[] }[];
  ragGroups: { id: string; name: string }[];
  /** Terms of service, present when the scenario gives the workspace any. */
  terms?: { id: string; releaseId: string | null; publishedVersion: number | null }[];
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
