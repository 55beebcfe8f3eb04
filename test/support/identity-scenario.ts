// A scenario for the sign-in and key tests: two workspaces, tiers, keys with origins, releases.
import { defineScenario } from '../../src/index.js';

export const KEYS = {
  web: `svc_${'W'.repeat(87)}`,
  freeOnly: `svc_${'T'.repeat(87)}`,
  expiring: `svc_${'X'.repeat(87)}`,
  other: `svc_${'O'.repeat(87)}`,
};

export const NOW = '2026-04-01T12:00:00.000Z';

export const identityScenario = defineScenario({
  name: 'identity',
  seed: 21,
  now: NOW,
  users: [
    { id: 'u_owner', email: 'owner@shop.example', name: 'Olive Owner' },
    { id: 'u_admin', email: 'admin@shop.example' },
    { id: 'u_editor', email: 'editor@shop.example' },
    { id: 'u_viewer', email: 'viewer@shop.example' },
    { id: 'u_other', email: 'other@else.example' },
  ],
  workspaces: [
    {
      id: 'ws_shop',
      name: 'Shop',
      ownerId: 'u_owner',
      members: [
        { userId: 'u_admin', role: 'admin' },
        { userId: 'u_editor', role: 'editor' },
        { userId: 'u_viewer', role: 'viewer' },
      ],
      embedTiers: [
        { slug: 'free', limits: { messagesPerDay: 5 } },
        { slug: 'premium', limits: { messagesPerDay: 50, messagesPerMonth: 900 } },
      ],
      apiKeys: [
        { id: 'k_web', name: 'web', secret: KEYS.web, allowedOrigins: ['http://localhost:3000', 'https://shop.example'] },
        {
          id: 'k_free',
          name: 'free only',
          secret: KEYS.freeOnly,
          allowedOrigins: ['https://shop.example'],
          allowedTiers: ['free'],
          customTierLimits: { free: { messagesPerDay: 2 } },
        },
        { id: 'k_exp', name: 'expiring', secret: KEYS.expiring, allowedOrigins: ['https://shop.example'], expiresAt: '2026-04-02T12:00:00.000Z' },
      ],
      releases: [
        { id: 'rel_shop', name: 'Shop assistant', status: 'active' },
        { id: 'rel_shop_draft', name: 'Draft', status: 'draft' },
      ],
    },
    {
      id: 'ws_else',
      name: 'Elsewhere',
      ownerId: 'u_other',
      apiKeys: [{ id: 'k_other', name: 'other', secret: KEYS.other, allowedOrigins: ['https://shop.example'] }],
      releases: [{ id: 'rel_else', name: 'Else' }],
    },
  ],
});
