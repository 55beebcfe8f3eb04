// The onboarding routes (emulator-defined): the checklist (tag `onboarding`) and the signed inbound
// webhook that provisions a workspace (tag `onboarding-webhook`, no credentials: the HMAC is the proof).
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { OnboardingChecklistSchema, OnboardingProvisionedSchema, OnboardingWebhookInputSchema } from '../../types/integrations.js';
import type { OnboardingChecklistStore } from './checklist.js';
import type { OnboardingWebhook } from './webhook.js';

const read = { kind: 'workspace', level: 'read', permission: 'whitelabel:read' } as const;
const write = { kind: 'workspace', level: 'write', permission: 'whitelabel:write' } as const;

export function onboardingRoutes(checklist: OnboardingChecklistStore, webhook: OnboardingWebhook): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/onboarding',
      tag: 'onboarding',
      summary: 'The workspace’s getting-started checklist, computed from its state',
      auth: read,
      emulatorDefined: true,
      response: OnboardingChecklistSchema,
      handler: ({ principal }) => checklist.get(workspaceOf(principal)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/onboarding/dismiss',
      tag: 'onboarding',
      summary: 'Hide the checklist (its steps keep following the workspace’s state)',
      auth: write,
      emulatorDefined: true,
      response: OnboardingChecklistSchema,
      handler: ({ principal }) => checklist.dismiss(workspaceOf(principal)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/onboarding-webhook',
      tag: 'onboarding-webhook',
      summary: 'Signed inbound event (x-onboarding-signature: sha256=HMAC of the raw body, x-onboarding-timestamp) provisioning a workspace, its owner and an API key; idempotent by event id',
      auth: { kind: 'none' },
      emulatorDefined: true,
      bodyDoc: { schema: OnboardingWebhookInputSchema, mediaTypes: ['application/json'], required: true },
      response: OnboardingProvisionedSchema,
      handler: async ({ request }) => webhook.handle(await request.text(), request.headers),
    }),
  ];
}
