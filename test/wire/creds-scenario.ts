// The scenario the credential and server-SDK wire suites share: one workspace with members of
// every role and keys of several scopes, a RAG group to retrieve from, a quota-bound workspace,
// and another workspace to prove isolation.
import { defineScenario } from '../../src/index.js';

const secret = (letter: string) => `svc_${letter.repeat(87)}`;

export const KEYS = {
  full: secret('F'),
  read: secret('R'),
  byok: secret('B'),
  whitelabel: secret('W'),
  limited: secret('L'),
  revoked: secret('V'),
  quota: secret('Q'),
  other: secret('O'),
};

export const NOW = '2026-03-10T12:00:00.000Z';

export const credsScenario = defineScenario({
  name: 'wire-creds',
  seed: 1010,
  now: NOW,
  users: [
    { id: 'u_owner', email: 'owner@main.example' },
    { id: 'u_editor', email: 'editor@main.example' },
    { id: 'u_viewer', email: 'viewer@main.example' },
    { id: 'u_out', email: 'out@other.example' },
  ],
  workspaces: [
    {
      id: 'ws_main',
      name: 'Main',
      slug: 'main',
      ownerId: 'u_owner',
      members: [
        { userId: 'u_editor', role: 'editor' },
        { userId: 'u_viewer', role: 'viewer' },
      ],
      apiKeys: [
        { id: 'k_full', name: 'server (full access)', secret: KEYS.full },
        { id: 'k_read', name: 'read transcripts', secret: KEYS.read, permissions: ['transcript:read'] },
        { id: 'k_byok', name: 'provider keys', secret: KEYS.byok, permissions: ['byok:read', 'byok:write'] },
        { id: 'k_wl', name: 'workspace config (read)', secret: KEYS.whitelabel, permissions: ['whitelabel:read'] },
        { id: 'k_limited', name: 'two a minute', secret: KEYS.limited, rateLimit: 2 },
        { id: 'k_revoked', name: 'old', secret: KEYS.revoked, status: 'revoked' },
      ],
      releases: [{ id: 'rel_main', name: 'Main assistant', status: 'active' }],
      transcripts: [
        { id: 'tr_one', title: 'Password help', messages: [{ role: 'user', content: 'How do I reset my password?' }] },
        { id: 'tr_locked', title: 'Archived', locked: true, messages: [{ role: 'user', content: 'old' }] },
      ],
      rag: {
        targets: [
          {
            id: 'vec_docs',
            title: 'Docs',
            files: [
              { id: 'file_reset', title: 'Resetting a password', content: 'To reset your password open Settings, choose Security and press Reset password.' },
              { id: 'file_billing', title: 'Billing', content: 'Invoices are sent on the first day of every month.' },
            ],
          },
        ],
        groups: [{ id: 'grp_all', name: 'Everything', targetIds: ['vec_docs'] }],
      },
    },
    {
      id: 'ws_quota',
      name: 'Quota bound',
      slug: 'quota',
      ownerId: 'u_owner',
      limits: { maxMonthlyApiCalls: 2 },
      apiKeys: [{ id: 'k_quota', name: 'quota', secret: KEYS.quota }],
    },
    {
      id: 'ws_other',
      name: 'Other',
      slug: 'other',
      ownerId: 'u_out',
      apiKeys: [{ id: 'k_other', name: 'other', secret: KEYS.other }],
      transcripts: [{ id: 'tr_other', title: 'Not yours', messages: [{ role: 'user', content: 'secret' }] }],
    },
  ],
});
