// A scenario for the model lifecycle suites (training data, fine-tune, workspace chat): two
// workspaces, a documentation file long enough for a dozen pairs, a short one, a conversation,
// keys with and without the fine-tune scopes, and members of both workspaces.
export const MODEL_NOW = '2026-03-02T08:00:00.000Z';
export const FULL_KEY = `svc_${'M'.repeat(87)}`;
export const READ_KEY = `svc_${'R'.repeat(87)}`;
export const RAG_ONLY_KEY = `svc_${'Q'.repeat(87)}`;
export const OTHER_KEY = `svc_${'O'.repeat(87)}`;

export const GUIDE = [
  '# Admin guide',
  'Workspace owners can invite members from the settings page at any time.',
  'Every invitation expires after seven days unless the owner renews it.',
  'Single sign-on supports SAML and OpenID Connect identity providers.',
  'Audit logs record every configuration change with the acting user.',
  'Data exports arrive as compressed archives within twenty four hours.',
  'Billing invoices are issued monthly and payable by card or transfer.',
  'API keys carry scopes that limit which routes they may call.',
  'Rate limits reset each minute and apply per key and feature.',
  'Deleted workspaces stay recoverable for thirty days before purging.',
  'Webhooks retry failed deliveries with exponential backoff for six hours.',
  'Custom domains need a CNAME record pointing at the edge network.',
  'Encryption keys rotate automatically every ninety days for stored data.',
].join('\n');

export const modelScenario = {
  name: 'model-lifecycle',
  seed: 77,
  now: MODEL_NOW,
  users: [
    { id: 'u_owner', email: 'owner@acme.example', name: 'Owner' },
    { id: 'u_viewer', email: 'viewer@acme.example', name: 'Viewer' },
    { id: 'u_outsider', email: 'out@globex.example', name: 'Outsider' },
  ],
  workspaces: [
    {
      id: 'ws_acme',
      name: 'Acme',
      ownerId: 'u_owner',
      members: [{ userId: 'u_viewer', role: 'viewer' }],
      apiKeys: [
        { id: 'k_full', name: 'full', secret: FULL_KEY },
        { id: 'k_read', name: 'read', secret: READ_KEY, permissions: ['finetune:read', 'transcript:write'] },
        { id: 'k_rag', name: 'rag only', secret: RAG_ONLY_KEY, permissions: ['rag:read', 'rag:write'] },
      ],
      releases: [{ id: 'rel_help', name: 'Help', status: 'active', authMode: 'optional', config: { model: 'gpt-4o-mini', ragCollectionIds: ['vec_guide'] } }],
      rag: {
        targets: [
          {
            id: 'vec_guide',
            title: 'Guide',
            files: [
              { id: 'file_guide', title: 'Admin guide', content: GUIDE, state: 'searchable' },
              { id: 'file_short', title: 'Short note', content: 'Email us. Call us.', state: 'searchable' },
            ],
          },
          { id: 'vec_export', title: 'Exports', files: [] },
        ],
      },
      transcripts: [
        {
          id: 'tr_support',
          title: 'Refund chat',
          messages: [
            { role: 'user', content: 'How long do refunds take?' },
            { role: 'assistant', content: 'Refunds reach your card within five business days.' },
            { role: 'user', content: 'Can I cancel an annual plan?' },
            { role: 'assistant', content: 'Yes, annual plans can be cancelled for a prorated refund.' },
          ],
        },
      ],
    },
    {
      id: 'ws_globex',
      name: 'Globex',
      ownerId: 'u_outsider',
      members: [{ userId: 'u_owner', role: 'editor' }],
      apiKeys: [{ id: 'k_globex', name: 'globex', secret: OTHER_KEY }],
      releases: [{ id: 'rel_globex', name: 'Globex bot', status: 'active', config: { model: 'gpt-4o' } }],
    },
  ],
};
