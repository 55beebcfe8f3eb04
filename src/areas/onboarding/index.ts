// The onboarding area: the getting-started checklist (tag `onboarding`) and the signed inbound
// webhook that provisions a workspace (tag `onboarding-webhook`), emitting `onboarding.completed`.
import { defineArea } from '../../core/area.js';
import { OnboardingChecklistStore } from './checklist.js';
import { onboardingRoutes } from './routes.js';
import { ONBOARDING_TABLES } from './tables.js';
import { defaultOnboardingSecret, OnboardingWebhook } from './webhook.js';

declare module '../../core/area.js' {
  interface AreaApis {
    onboarding: { checklist: OnboardingChecklistStore; webhook: OnboardingWebhook };
  }
}

export const onboardingArea = defineArea({
  name: 'onboarding',
  tables: ONBOARDING_TABLES,
  uses: ['workspaces', 'api-keys'],
  create: (ctx) => ({
    checklist: new OnboardingChecklistStore(ctx.deps),
    webhook: new OnboardingWebhook(ctx.deps, ctx.events, {
      workspaces: () => ctx.area('workspaces'),
      apiKeys: () => ctx.area('api-keys'),
      secret: () => ctx.settings().onboardingWebhookSecret ?? defaultOnboardingSecret(ctx.seed()),
    }),
  }),
  routes: ({ checklist, webhook }) => onboardingRoutes(checklist, webhook),
});
