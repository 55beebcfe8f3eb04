// A scenario for the chat tests: one workspace with a docs collection, releases for each rule
// (auth modes, fallbacks, CTA cards, payment, a members-only bot, provider keys) and published terms.
export const CHAT_KEY = `svc_${'C'.repeat(87)}`;
export const OTHER_KEY = `svc_${'D'.repeat(87)}`;
export const CHAT_NOW = '2026-05-04T10:00:00.000Z';

export const CTA_CARD = {
  title: 'Get the pricing guide',
  teaserText: 'Download our 2026 pricing guide.',
  triggerKeywords: ['Pricing', 'quote'],
  ctaType: 'email-gated-download',
  assetUrl: 'https://cdn.example.com/pricing-guide.pdf',
  buttonLabel: 'Download',
  formFields: ['name'],
  crmDestination: 'hubspot',
  successMessage: 'Check your inbox!',
};

export const chatScenario = {
  name: 'chat',
  seed: 42,
  now: CHAT_NOW,
  users: [
    { id: 'u_alice', email: 'alice@acme.example', name: 'Alice' },
    { id: 'u_bob', email: 'bob@acme.example', name: 'Bob' },
  ],
  workspaces: [
    {
      id: 'ws_acme',
      name: 'Acme',
      ownerId: 'u_alice',
      members: [{ userId: 'u_bob', role: 'viewer' }],
      embedTiers: [
        { slug: 'free', limits: { messagesPerDay: 3, messagesPerMonth: 100, maxTokensPerMessage: 60 } },
        { slug: 'premium', limits: { messagesPerDay: 1000 } },
      ],
      apiKeys: [{ id: 'k_chat', name: 'chat', secret: CHAT_KEY, allowedOrigins: ['https://acme.example'] }],
      releases: [
        { id: 'rel_help', name: 'Help Center', authMode: 'optional', config: { model: 'gpt-4o-mini', ragCollectionIds: ['vec_docs'], systemPrompt: 'Be brief.' } },
        { id: 'rel_required', name: 'Members only', authMode: 'required' },
        { id: 'rel_anon', name: 'Public bot', authMode: 'anonymous' },
        {
          id: 'rel_fallback',
          name: 'Fallback bot',
          config: { model: 'primary-model', simulateFailures: ['primary-model', 'backup-1'] },
          fallbackAssistants: [
            { id: 'backup-1', finetune: false },
            { id: 'backup-2', finetune: true },
          ],
        },
        { id: 'rel_down', name: 'Down bot', config: { model: 'm1', simulateFailures: ['m1', 'm2'] }, fallbackAssistants: [{ id: 'm2', finetune: false }] },
        { id: 'rel_cta', name: 'Sales bot', config: { chatCTA: CTA_CARD } },
        {
          id: 'rel_pay',
          name: 'Paid bot',
          config: { paymentRequired: { amountUsd: 0.05, network: 'base-sepolia', recipient: '0xabc0000000000000000000000000000000000def' } },
        },
        { id: 'rel_landing', name: 'Landing bot', authMode: 'required' },
        { id: 'rel_byok', name: 'BYOK bot', config: { byokId: 'byok_1', model: 'gpt-4o', maxTokens: 12 } },
        { id: 'rel_terms', name: 'Terms bot' },
      ],
      rag: {
        targets: [
          {
            id: 'vec_docs',
            title: 'Docs',
            files: [
              {
                id: 'file_reset',
                title: 'Password reset guide',
                sourceUrl: 'https://docs.acme.example/password-reset',
                content:
                  'To reset your password, open Settings and choose Security. Click Reset password and follow the link we email you. The link expires after 30 minutes.',
              },
              {
                id: 'file_billing',
                title: 'Billing FAQ',
                content:
                  'Invoices are issued on the first day of each month. You can download every invoice from the Billing page. Refunds take five to ten business days.',
              },
            ],
          },
        ],
      },
      terms: [
        {
          id: 'tos_main',
          releaseId: 'rel_terms',
          title: 'Terms',
          versions: [{ version: 1, content: 'Be nice.' }],
          publishedVersion: 1,
          acceptances: [{ userId: 'u_alice', version: 1 }],
        },
      ],
    },
    {
      id: 'ws_other',
      name: 'Other',
      ownerId: 'u_bob',
      apiKeys: [{ id: 'k_other', name: 'other', secret: OTHER_KEY }],
      releases: [{ id: 'rel_other', name: 'Other bot' }],
    },
  ],
};
