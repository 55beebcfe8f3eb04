// A scenario for the release-area tests: roles, a release limit, terms with seeded acceptances,
// tool-server configs with rate limits, and a second workspace to prove isolation.
export const RKEYS = {
  full: `svc_${'R'.repeat(87)}`,
  restricted: `svc_${'Q'.repeat(87)}`,
  other: `svc_${'P'.repeat(87)}`,
};

export const RNOW = '2026-05-01T12:00:00.000Z';

export const releasesScenario = {
  name: 'releases',
  seed: 55,
  now: RNOW,
  users: [
    { id: 'u_owner', email: 'owner@rel.example' },
    { id: 'u_admin', email: 'admin@rel.example' },
    { id: 'u_editor', email: 'editor@rel.example' },
    { id: 'u_viewer', email: 'viewer@rel.example' },
    { id: 'u_other', email: 'other@else.example' },
  ],
  workspaces: [
    {
      id: 'ws_rel',
      name: 'Releases Inc',
      ownerId: 'u_owner',
      limits: { maxReleases: 7 },
      members: [
        { userId: 'u_admin', role: 'admin' },
        { userId: 'u_editor', role: 'editor' },
        { userId: 'u_viewer', role: 'viewer' },
      ],
      embedTiers: [{ slug: 'free', limits: { messagesPerDay: 50 } }],
      apiKeys: [
        { id: 'k_full', name: 'full', secret: RKEYS.full, allowedOrigins: ['https://rel.example'] },
        { id: 'k_restricted', name: 'transcripts only', secret: RKEYS.restricted, permissions: ['transcript:read'] },
      ],
      releases: [
        {
          id: 'rel_main',
          name: 'Main assistant',
          status: 'active',
          authMode: 'optional',
          config: { model: 'gpt-4o-mini', temperature: 0.5, ragCollectionIds: ['vec_a', 'vec_b'], byokId: 'byok_1' },
          theme: { primaryColor: '#123456' },
          mcpConfig: { enabled: true, exposedTools: ['search'], mcpRateLimit: { requestsPerMinute: 3, requestsPerDay: 5 }, allowAnonymousMcp: true },
        },
        { id: 'rel_anon', name: 'Anonymous bot', status: 'active', authMode: 'anonymous' },
        {
          id: 'rel_req',
          name: 'Members only',
          status: 'active',
          authMode: 'required',
          mcpConfig: { enabled: true, allowAnonymousMcp: false, allowedScopes: ['tools:read'] },
        },
        { id: 'rel_draft', name: 'Draft', status: 'draft', mcpConfig: { enabled: false } },
        { id: 'rel_arch', name: 'Archived', status: 'archived' },
      ],
      terms: [
        {
          id: 'tos_main',
          releaseId: 'rel_main',
          title: 'Main terms',
          versions: [{ version: 1, content: '# Terms v1' }],
          publishedVersion: 1,
          acceptances: [
            { userId: 'u_editor', version: 1 },
            { anonymousSessionId: 'anon-seeded-0001', version: 1 },
          ],
        },
        { id: 'tos_anon', releaseId: 'rel_anon', title: 'Anon terms', versions: [{ version: 1, content: 'Be nice.' }] },
        { id: 'tos_draft', title: 'Unattached draft', versions: [{ version: 1, content: 'draft text' }], publishedVersion: null },
      ],
    },
    {
      id: 'ws_other',
      name: 'Other',
      ownerId: 'u_other',
      members: [
        { userId: 'u_admin', role: 'editor' },
        { userId: 'u_editor', role: 'viewer' },
        { userId: 'u_owner', role: 'viewer' },
      ],
      apiKeys: [{ id: 'k_other', name: 'other', secret: RKEYS.other }],
      releases: [{ id: 'rel_other', name: 'Other bot', status: 'active', authMode: 'anonymous' }],
      terms: [{ id: 'tos_other', releaseId: 'rel_other', title: 'Other terms', versions: [{ version: 1, content: 'other' }] }],
    },
  ],
};
