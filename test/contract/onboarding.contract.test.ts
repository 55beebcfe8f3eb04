// Onboarding through every door on every driver: the checklist follows the workspace's state; the
// signed inbound webhook provisions a workspace, its owner and a working API key, answers a
// replayed event with the same bytes and creates nothing, and refuses a bad or stale signature.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultOnboardingSecret } from '../../src/areas/onboarding/webhook.js';
import { OnboardingChecklistSchema, OnboardingProvisionedSchema } from '../../src/types/integrations.js';
import { MATRIX } from '../support/doors.js';
import { alice, carol } from '../support/identity.js';
import { useDoor } from '../support/use-door.js';

describe.each(MATRIX)('onboarding: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;

  const event = (id: string) => ({ id, type: 'workspace.provision', data: { workspace: { title: 'Initech Support' }, owner: { email: 'peter@initech.example', name: 'Peter' }, apiKey: { name: 'Server key' } } });
  const send = (raw: string, opts: { secret?: string; skewSec?: number; signature?: string } = {}) => {
    const secret = opts.secret ?? defaultOnboardingSecret(door.emulator.handles.seed);
    const ts = String(Math.floor(door.emulator.clock.now() / 1000) + (opts.skewSec ?? 0));
    const signature = opts.signature ?? `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    return door.fetch('/api/v1/onboarding-webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'x-onboarding-signature': signature, 'x-onboarding-timestamp': ts }, body: raw });
  };

  it('computes the checklist from the workspace’s state and lets an editor dismiss it', async () => {
    const list = OnboardingChecklistSchema.parse((await call('GET', '/api/v1/onboarding', carol)).body);
    expect(list).toMatchObject({ _id: 'ws_acme', workspaceId: 'ws_acme', total: 6, dismissed: false });
    expect(Object.fromEntries(list.steps.map((s) => [s.id, s.done]))).toMatchObject({ 'create-release': true, 'add-rag-index': true, 'upload-file': true, 'create-api-key': true, publish: true });
    expect((await call('POST', '/api/v1/onboarding/dismiss', carol)).status).toBe(403);
    const dismissed = await call('POST', '/api/v1/onboarding/dismiss', alice);
    expect(dismissed.body).toMatchObject({ dismissed: true, dismissedAt: door.emulator.handles.now });
    expect((await call('GET', '/api/v1/onboarding', { key: door.key('key_read') })).status).toBe(403);
  });

  it('provisions a workspace from a signed event; the same event answers the same bytes and makes nothing new', async () => {
    const raw = JSON.stringify(event('evt_0001'));
    const first = await send(raw);
    expect(first.status).toBe(200);
    const text = await first.text();
    const made = OnboardingProvisionedSchema.parse(JSON.parse(text));
    expect(made).toMatchObject({ eventId: 'evt_0001', workspace: { title: 'Initech Support', slug: 'initech-support' }, owner: { email: 'peter@initech.example' }, apiKey: { name: 'Server key' } });
    expect(made.apiKey.secret).toMatch(/^svc_[0-9A-Za-z]{87}$/);

    // The key works, on the new workspace, whose checklist shows only the key done.
    const checklist = OnboardingChecklistSchema.parse((await call('GET', '/api/v1/onboarding', { key: made.apiKey.secret })).body);
    expect(checklist.workspaceId).toBe(made.workspace._id);
    expect(checklist.steps.filter((s) => s.done).map((s) => s.id)).toEqual(['create-api-key']);

    const again = await send(raw);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(text);
    const keys = await call('GET', `/api/v1/workspaces/${made.workspace._id}/api-keys`, { key: made.apiKey.secret });
    expect((keys.body as { data: unknown[] }).data).toHaveLength(1);
    const other = OnboardingProvisionedSchema.parse(await (await send(JSON.stringify({ ...event('evt_0002'), data: { ...event('x').data, workspace: { title: 'Initech Support' } } }))).json());
    expect(other.workspace._id).not.toBe(made.workspace._id);
    expect(other.workspace.slug).toBe('initech-support-2');
    expect(other.owner._id).toBe(made.owner._id);
  });

  it('refuses a bad, missing or stale signature with 401 and bad events with 400, creating nothing', async () => {
    const raw = JSON.stringify(event('evt_bad'));
    for (const res of [await send(raw, { secret: 'whsec_not-the-right-secret-000000000000' }), await send(raw, { skewSec: -301 }), await send(raw, { signature: 'sha256=00' })]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    const unsigned = await door.fetch('/api/v1/onboarding-webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
    expect(unsigned.status).toBe(401);
    expect((await send(raw, { skewSec: 299 })).status).toBe(200);
    const bad = await send(JSON.stringify({ id: 'evt_x', data: { workspace: { title: '' }, owner: { email: 'nope' } } }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('body.data.owner.email');
    expect((await send('{not json')).status).toBe(400);
  });

  it('takes the secret from the scenario setting when given', async () => {
    const secret = 'whsec_scenario-given-secret-0123456789abcdef';
    await door.emulator.loadScenario({ name: 'onboarding-secret', settings: { onboardingWebhookSecret: secret } });
    expect((await send(JSON.stringify(event('evt_s')))).status).toBe(401);
    expect((await send(JSON.stringify(event('evt_s')), { secret })).status).toBe(200);
  });
});
