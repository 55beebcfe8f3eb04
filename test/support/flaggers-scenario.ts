// A scenario for the flaggers and analytics suites: one workspace with three releases (one whose
// config turns notifications and metrics off), keys of several scopes, members by role, a seeded
// flagger, and a second workspace to prove isolation.
export const FKEYS = {
  full: `svc_${'F'.repeat(87)}`,
  analytics: `svc_${'G'.repeat(87)}`,
  transcripts: `svc_${'H'.repeat(87)}`,
  other: `svc_${'J'.repeat(87)}`,
};

export const FNOW = '2026-06-10T08:00:00.000Z';

export const flaggersScenario = {
  name: 'flaggers',
  seed: 77,
  now: FNOW,
  users: [
    { id: 'u_owner', email: 'owner@flag.example' },
    { id: 'u_editor', email: 'editor@flag.example' },
    { id: 'u_viewer', email: 'viewer@flag.example' },
    { id: 'u_other', email: 'other@else.example' },
  ],
  workspaces: [
    {
      id: 'ws_flag',
      name: 'Flag Inc',
      ownerId: 'u_owner',
      members: [
        { userId: 'u_editor', role: 'editor' },
        { userId: 'u_viewer', role: 'viewer' },
      ],
      apiKeys: [
        { id: 'k_full', name: 'full', secret: FKEYS.full },
        { id: 'k_analytics', name: 'analytics', secret: FKEYS.analytics, permissions: ['analytics:read'] },
        { id: 'k_transcripts', name: 'transcripts', secret: FKEYS.transcripts, permissions: ['transcript:read'] },
      ],
      releases: [
        { id: 'rel_a', name: 'Support', status: 'active', authMode: 'optional', config: { model: 'gpt-4o-mini' } },
        { id: 'rel_b', name: 'Sales', status: 'active', authMode: 'optional', config: { model: 'gpt-4o' } },
        { id: 'rel_quiet', name: 'Quiet', status: 'active', authMode: 'optional', config: { notifications: false, metrics: false } },
      ],
      flaggers: [
        {
          id: 'flg_seeded',
          title: 'Refund requests',
          notificationIcon: 'money',
          notificationMessage: 'A user asked for a refund',
          notificationTags: ['billing'],
          flagInput: true,
          outputKeys: ['category', 'matches'],
          match: { keywords: ['refund', 'money back'] },
        },
      ],
      rag: { targets: [{ id: 'vec_fa', title: 'FA docs' }, { id: 'vec_idle', title: 'Idle' }] },
    },
    {
      id: 'ws_else',
      name: 'Else',
      ownerId: 'u_other',
      apiKeys: [{ id: 'k_other', name: 'other', secret: FKEYS.other }],
      releases: [{ id: 'rel_else', name: 'Else bot', status: 'active', authMode: 'optional' }],
    },
  ],
  settings: { indexing: { stageMs: 500, consistencyMs: [10_000, 10_000] } },
};
