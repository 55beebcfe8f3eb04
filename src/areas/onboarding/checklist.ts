// A workspace's onboarding checklist, computed from what it holds (nothing is ticked by hand):
// a release, a vector index, a file, an API key, a published release, a first chat.
import type { StoreDeps } from '../../core/services.js';
import { toIso } from '../../core/services.js';
import type { OnboardingChecklist } from '../../types/integrations.js';

const STEPS: { id: string; title: string; sql: string }[] = [
  { id: 'create-release', title: 'Create a release', sql: 'SELECT COUNT(*) AS n FROM releases WHERE workspace_id = ?' },
  { id: 'add-rag-index', title: 'Add a RAG vector index', sql: 'SELECT COUNT(*) AS n FROM rag_targets WHERE workspace_id = ?' },
  { id: 'upload-file', title: 'Upload a file', sql: 'SELECT COUNT(*) AS n FROM rag_files WHERE workspace_id = ?' },
  { id: 'create-api-key', title: 'Create an API key', sql: 'SELECT COUNT(*) AS n FROM api_keys WHERE workspace_id = ?' },
  { id: 'publish', title: 'Publish a release', sql: "SELECT COUNT(*) AS n FROM releases WHERE workspace_id = ? AND status = 'active'" },
  {
    id: 'first-chat',
    title: 'Have a first chat',
    sql: 'SELECT (SELECT COUNT(*) FROM chat_threads WHERE workspace_id = ? AND message_count > 0) + (SELECT COUNT(*) FROM transcripts WHERE workspace_id = ? AND message_count > 0) AS n',
  },
];

export class OnboardingChecklistStore {
  constructor(private readonly deps: StoreDeps) {}

  async get(workspaceId: string): Promise<OnboardingChecklist> {
    const steps = [];
    for (const step of STEPS) {
      const params = step.sql.split('?').length - 1 === 2 ? [workspaceId, workspaceId] : [workspaceId];
      const row = await this.deps.storage.get<{ n: number }>(step.sql, params);
      steps.push({ id: step.id, title: step.title, done: Number(row?.n ?? 0) > 0 });
    }
    const state = await this.deps.storage.get<{ dismissed_at: number | null }>('SELECT dismissed_at FROM onboarding_state WHERE workspace_id = ?', [workspaceId]);
    const completed = steps.filter((s) => s.done).length;
    const dismissedAt = state?.dismissed_at ?? null;
    return {
      _id: workspaceId,
      title: 'Getting started',
      workspaceId,
      steps,
      completed,
      total: steps.length,
      done: completed === steps.length,
      dismissed: dismissedAt !== null,
      ...(dismissedAt !== null && { dismissedAt: toIso(Number(dismissedAt)) }),
    };
  }

  async dismiss(workspaceId: string): Promise<OnboardingChecklist> {
    const now = this.deps.clock.now();
    await this.deps.storage.run('DELETE FROM onboarding_state WHERE workspace_id = ?', [workspaceId]);
    await this.deps.storage.run('INSERT INTO onboarding_state (workspace_id, dismissed_at) VALUES (?, ?)', [workspaceId, now]);
    return this.get(workspaceId);
  }
}
