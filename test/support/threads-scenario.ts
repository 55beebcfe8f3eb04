// A scenario for the threads suites: the model-lifecycle workspaces, with chat threads (one
// archived and shared, one anonymous) and a thread prefix with two versions and a pending draft.
import { modelScenario } from './model-scenario.js';

export const TRANSCRIPT_READ_KEY = `svc_${'T'.repeat(87)}`;
export const WHITELABEL_KEY = `svc_${'W'.repeat(87)}`;

const [acme, globex] = modelScenario.workspaces as [(typeof modelScenario.workspaces)[0], (typeof modelScenario.workspaces)[1]];

export const threadsScenario = {
  ...modelScenario,
  workspaces: [
    {
      ...acme,
      apiKeys: [
        ...acme.apiKeys,
        { id: 'k_tr_read', name: 'transcripts read', secret: TRANSCRIPT_READ_KEY, permissions: ['transcript:read'] },
        { id: 'k_wl', name: 'white-label', secret: WHITELABEL_KEY, permissions: ['whitelabel:read', 'whitelabel:write'] },
      ],
      threads: {
        chats: [
          {
            id: 't_open',
            releaseId: 'rel_help',
            ownerId: 'u_owner',
            title: 'Invites',
            messages: [
              { role: 'user', content: 'How do invitations expire?' },
              { role: 'assistant', content: 'After seven days.' },
            ],
          },
          { id: 't_archived', releaseId: 'rel_help', ownerId: 'u_viewer', archived: true, visibility: 'shared', metadata: { topic: 'billing' } },
          { id: 't_anon', releaseId: 'rel_help', ownerId: 'sess_visitor_01', kind: 'anonymous' },
        ],
        prefixes: [{ id: 'p_rules', title: 'House rules', versions: [['Be brief.'], ['Be brief.', 'Cite sources.']], draft: ['Be brief.', 'Cite sources.', 'No legal advice.'] }],
      },
    },
    globex,
  ],
} as const;
