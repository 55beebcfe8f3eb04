// The scenario of the webhook delivery test: one workspace with a webhook channel routed every event
// kind, and something the clock finishes for each kind (a file to index, a blank file that fails, a
// queued QA run, a fine-tune half-way through training); the rest the test causes by requests.
export const NOTIFY_NOW = '2026-05-04T09:00:00.000Z';
export const NOTIFY_KEY = `svc_${'N'.repeat(87)}`;
export const HOOK_SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuvwxyz';

export const KINDS = ['rag.file.indexed', 'rag.file.failed', 'feedback.created', 'qa.run.finished', 'fine-tune.finished', 'quota.nearly-exhausted'] as const;

export function notifyScenario(hookUrl: string) {
  const pairs = Array.from({ length: 10 }, (_, i) => ({ question: `Question ${i}?`, answer: `Answer ${i}.` }));
  return {
    name: 'notify-webhooks',
    seed: 15,
    now: NOTIFY_NOW,
    users: [{ id: 'u_owner', email: 'owner@notify.example', name: 'Owner' }],
    workspaces: [
      {
        id: 'ws_notify',
        name: 'Notify',
        ownerId: 'u_owner',
        embedTiers: [{ slug: 'free', limits: { messagesPerDay: 5 } }],
        apiKeys: [{ id: 'k_full', name: 'full', secret: NOTIFY_KEY }],
        releases: [{ id: 'rel_help', name: 'Help', status: 'active', authMode: 'optional', config: { model: 'gpt-4o-mini' } }],
        rag: {
          targets: [
            {
              id: 'vec_docs',
              title: 'Docs',
              files: [
                { id: 'file_new', title: 'New guide', content: 'Refunds reach your card within five business days of the request.', state: 'pending' },
                { id: 'file_blank', title: 'Blank page', content: '    ', state: 'pending' },
              ],
            },
          ],
        },
        trainingData: [{ id: 'td_1', title: 'Pairs', pairs }],
        fineTunes: [{ id: 'ft_1', baseModel: 'gpt-4o-mini', trainingData: 'td_1', status: 'running', epochs: 2, epoch: 1 }],
        qaSuites: [
          {
            id: 'qs_1',
            title: 'Basics',
            tests: [{ id: 'qt_1', question: 'How long do refunds take?', expectedAnswer: 'Five business days.' }],
            runs: [{ id: 'qr_1', releaseIds: ['rel_help'], status: 'queued' }],
          },
        ],
        flaggers: [
          { id: 'flg_refund', title: 'Refund risk', notificationMessage: 'A refund risk', notificationTags: ['refund-risk'], flagInput: true, outputKeys: [], match: { keywords: ['refund'] } },
        ],
        notifications: {
          channels: [{ id: 'ch_hook', type: 'webhook', name: 'Receiver', url: hookUrl, secret: HOOK_SECRET }],
          triggers: [
            { id: 'tr_kinds', channelId: 'ch_hook', kinds: [...KINDS] },
            { id: 'tr_flag', channelId: 'ch_hook', tag: 'refund-risk' },
          ],
        },
      },
    ],
  };
}
