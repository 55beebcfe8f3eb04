// A scenario with one workspace (key `key_a`), one RAG target `target_a` and one searchable file:
// for tests that need indexed content and nothing else.

export const ONE_FILE_SECRET = `svc_${'A1b2C3d4E5'.repeat(9).slice(0, 87)}`;

export interface OneFileScenario {
  name: string;
  seed: number;
  file: { title: string; filename: string; content: string };
  settings?: Record<string, unknown>;
}

export function oneFileScenario({ name, seed, file, settings }: OneFileScenario) {
  return {
    name,
    seed,
    now: '2026-01-01T00:00:00.000Z',
    ...(settings && { settings }),
    users: [{ id: 'user_owner', email: 'owner@example.com', name: 'Owner' }],
    workspaces: [
      {
        id: 'ws_a',
        name: 'A',
        slug: 'a',
        ownerId: 'user_owner',
        apiKeys: [{ id: 'key_a', name: 'a', secret: ONE_FILE_SECRET }],
        rag: {
          targets: [
            {
              id: 'target_a',
              title: 'A',
              chunkingTool: 'chapter-aware' as const,
              chunkSize: 2048,
              chunkOverlap: 0,
              files: [{ ...file, state: 'searchable' as const }],
            },
          ],
        },
      },
    ],
  };
}
