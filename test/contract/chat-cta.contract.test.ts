// Chat CTA cards through every door on every driver: the firing rules over long threads (keywords,
// interval, keywords-or-interval, minMessagesBeforeFirst, maxPerThread, cooldown), the gated
// submit, and the card's version history with its write-only token.
import { beforeEach, describe, expect, it } from 'vitest';
import { CtaAnswerSchema, CtaVersionListSchema } from '../../src/areas/chat-cta/schema.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { CHAT_KEY, CTA_CARD, OTHER_KEY, chatScenario } from '../support/chat-scenario.js';
import { bearer, chatClient, external, type Json } from '../support/chat-client.js';

const TOKEN = 'cc-secret-token-do-not-show';

describe.each(MATRIX)('chat CTA: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: chatScenario });
  let bob: Record<string, string>;
  const c = chatClient(door);
  const key = { 'x-api-key': CHAT_KEY };
  // A premium end user: enough daily messages for long threads.
  const cust = external('cust-cta', { 'x-external-user-tier': 'premium' });
  const putCta = (cta: Json, source?: string) => c.put('/api/v1/releases/rel_cta/cta', key, { cta, ...(source && { source }) });
  /** Sends each prompt and answers the reply numbers (1-based) whose message carried the card. */
  const fires = async (threadId: string, prompts: string[]) => {
    const out: { reply: number; cta: Json }[] = [];
    for (const [i, content] of prompts.entries()) {
      const res = await c.send(threadId, cust, { content });
      expect(res.status).toBe(200);
      if (res.body.message.metadata.cta) out.push({ reply: i + 1, cta: res.body.message.metadata.cta });
    }
    return out;
  };

  beforeEach(() => {
    bob = { ...bearer(door.token('u_bob')), 'x-workspace-id': 'ws_acme' };
  });

  it('fires on the first matching keyword, ignoring case, once per thread by default; the asset waits for the form', async () => {
    const id = await c.thread(cust, 'rel_cta');
    const fired = await fires(id, ['Hello there', 'Can I get a QUOTE on your pricing?', 'More about pricing please', 'quote again']);
    expect(fired).toEqual([
      {
        reply: 2,
        cta: {
          version: 1,
          title: 'Get the pricing guide',
          teaserText: 'Download our 2026 pricing guide.',
          ctaType: 'email-gated-download',
          buttonLabel: 'Download',
          formFields: ['email', 'name'],
          requireCaptcha: false,
          trigger: 'keyword',
          matchedKeyword: 'Pricing',
        },
      },
    ]);
    expect(JSON.stringify(fired)).not.toContain('pricing-guide.pdf');
    expect(JSON.stringify((await c.get(`/api/v1/chat/threads/${id}/messages`, cust)).body)).not.toContain('pricing-guide.pdf');

    const submit = (body: Json, thread = id) => c.post(`/api/v1/chat/threads/${thread}/cta/submit`, cust, body);
    const missing = await submit({ email: 'lead@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.issues).toEqual([{ path: 'body.name', message: 'Required by this form' }]);
    expect((await submit({ email: 'not-an-email', name: 'Lee' })).status).toBe(400);
    const ok = await submit({ email: 'lead@example.com', name: 'Lee' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      status: 'ok',
      submissionId: expect.stringMatching(/^[0-9a-f]{24}$/),
      ctaType: 'email-gated-download',
      successMessage: 'Check your inbox!',
      assetUrl: 'https://cdn.example.com/pricing-guide.pdf',
      crm: { destination: 'hubspot', status: 'queued' },
    });
    // A thread that never showed the card has nothing to submit; another user cannot see the thread.
    const quiet = await c.thread(cust, 'rel_cta');
    expect((await submit({ email: 'lead@example.com', name: 'Lee' }, quiet)).status).toBe(409);
    expect((await c.post(`/api/v1/chat/threads/${id}/cta/submit`, external('cust-x'), { email: 'a@b.co', name: 'X' })).status).toBe(404);
  });

  it('fires every Nth reply in interval mode, not before minMessagesBeforeFirst, with a cooldown, up to maxPerThread', async () => {
    const put = await putCta({
      title: 'Book a call',
      teaserText: 'Talk to sales',
      triggerKeywords: [],
      ctaType: 'link-out',
      targetUrl: 'https://acme.example/call',
      triggerMode: 'interval',
      intervalMessages: 2,
      minMessagesBeforeFirst: 3,
      cooldownMessages: 2,
      maxPerThread: 3,
    });
    expect(put.status).toBe(200);
    expect(put.body.version).toBe(2);
    const id = await c.thread(cust, 'rel_cta');
    const fired = await fires(id, Array.from({ length: 16 }, (_, i) => `Message number ${i + 1} about pricing`));
    // 2 is before the minimum; 6 and 10 fall inside the cooldown; after 12 the cap is reached.
    expect(fired.map((f) => f.reply)).toEqual([4, 8, 12]);
    expect(fired[0]!.cta).toEqual({
      version: 2,
      title: 'Book a call',
      teaserText: 'Talk to sales',
      ctaType: 'link-out',
      targetUrl: 'https://acme.example/call',
      formFields: ['email'],
      requireCaptcha: false,
      trigger: 'interval',
    });
  });

  it('fires on keywords or the interval in keywords-or-interval mode', async () => {
    await putCta({
      title: 'Demo',
      teaserText: 'See it live',
      triggerKeywords: ['demo', 'trial'],
      ctaType: 'link-out',
      targetUrl: 'https://acme.example/demo',
      triggerMode: 'keywords-or-interval',
      intervalMessages: 5,
      maxPerThread: 4,
    });
    const id = await c.thread(cust, 'rel_cta');
    const fired = await fires(id, ['hi', 'Can I book a DEMO?', 'ok', 'fine', 'sure', 'A free Trial?', 'ok', 'ok', 'ok', 'ok', 'trial', 'demo']);
    expect(fired.map((f) => [f.reply, f.cta.trigger, f.cta.matchedKeyword])).toEqual([
      [2, 'keyword', 'demo'],
      [5, 'interval', undefined],
      [6, 'keyword', 'trial'],
      [10, 'interval', undefined],
    ]);
  });

  it('challenges the submit with a captcha when the card asks for one', async () => {
    await putCta({ ...CTA_CARD, formFields: ['phone'], requireCaptcha: true });
    const id = await c.thread(cust, 'rel_cta');
    await fires(id, ['pricing?']);
    const submit = (body: Json) => c.post(`/api/v1/chat/threads/${id}/cta/submit`, cust, body);
    const noCaptcha = await submit({ email: 'a@b.co', phone: '+1 555 0100' });
    expect(noCaptcha.body.error.details.issues).toEqual([{ path: 'body.captchaToken', message: 'This form requires a captcha' }]);
    expect((await submit({ email: 'a@b.co', phone: '+1 555 0100', captchaToken: 'captcha-fail' })).status).toBe(400);
    const ok = await submit({ email: 'a@b.co', phone: '+1 555 0100', captchaToken: 'token-ok' });
    expect(ok.status).toBe(200);
    expect(ok.body.assetUrl).toBe('https://cdn.example.com/pricing-guide.pdf');
  });

  it('keeps a version history: each content change archives the prior revision; the token is never shown', async () => {
    const first = CtaAnswerSchema.parse((await c.get('/api/v1/releases/rel_cta/cta', key)).body);
    expect(first).toMatchObject({ releaseId: 'rel_cta', version: 1, source: 'user', hasConstantContactAccessToken: false });
    expect(first.cta).toEqual({ ...CTA_CARD, maxPerThread: 1 });

    const withToken = await putCta({ ...CTA_CARD, title: 'Pricing guide 2026', constantContactListId: 'list-1', constantContactAccessToken: TOKEN }, 'agent');
    expect(withToken.status).toBe(200);
    expect(withToken.body).toMatchObject({ version: 2, source: 'agent', hasConstantContactAccessToken: true });
    expect(withToken.text).not.toContain(TOKEN);
    // The release's own config carries the card, never the token.
    const release = await c.get('/api/v1/releases/rel_cta', key);
    expect(release.body.config.chatCTA.title).toBe('Pricing guide 2026');
    expect(release.text).not.toContain(TOKEN);

    // Same content, token omitted: no new version, the token kept.
    const same = await putCta({ ...CTA_CARD, title: 'Pricing guide 2026', constantContactListId: 'list-1' });
    expect(same.body).toMatchObject({ version: 2, hasConstantContactAccessToken: true });
    const third = await putCta({ ...CTA_CARD, title: 'Pricing guide 2027', constantContactListId: 'list-1' });
    expect(third.body).toMatchObject({ version: 3, source: 'user', hasConstantContactAccessToken: true });
    const cleared = await putCta({ ...CTA_CARD, title: 'Pricing guide 2027', constantContactListId: 'list-1', constantContactAccessToken: '' });
    expect(cleared.body).toMatchObject({ version: 3, hasConstantContactAccessToken: false });

    const versions = CtaVersionListSchema.parse((await c.get('/api/v1/releases/rel_cta/cta/versions', key)).body);
    expect(versions.data.map((v) => [v.version, v.source, v.snapshot.title])).toEqual([
      [2, 'agent', 'Pricing guide 2026'],
      [1, 'user', 'Get the pricing guide'],
    ]);
    expect(versions.total).toBe(2);
    expect(JSON.stringify(versions)).not.toContain(TOKEN);

    const restored = await c.post('/api/v1/releases/rel_cta/cta/versions/1/restore', key, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 4, source: 'restore', cta: { ...CTA_CARD, maxPerThread: 1 } });
    const after = (await c.get('/api/v1/releases/rel_cta/cta/versions?limit=2', key)).body;
    expect(after).toMatchObject({ hasMore: true, nextCursor: '2', total: 3 });
    expect(after.data.map((v: Json) => v.version)).toEqual([3, 2]);
    expect((await c.post('/api/v1/releases/rel_cta/cta/versions/9/restore', key, {})).status).toBe(404);

    // A change through the releases routes is caught up as the next version.
    const patched = await c.patch('/api/v1/releases/rel_cta', key, { config: { chatCTA: { ...CTA_CARD, title: 'Edited elsewhere' } } });
    expect(patched.status).toBe(200);
    expect((await c.get('/api/v1/releases/rel_cta/cta', key)).body).toMatchObject({ version: 5, cta: { title: 'Edited elsewhere' } });
  });

  it('fires a card written through the releases routes', async () => {
    const created = await c.post('/api/v1/releases', key, {
      name: 'Made by API',
      authMode: 'optional',
      config: { chatCTA: { title: 'Trial', teaserText: 'Start a trial', triggerKeywords: ['trial'], ctaType: 'link-out', targetUrl: 'https://acme.example/trial' } },
    });
    expect(created.status).toBe(201);
    const releaseId = created.body.id as string;
    expect((await c.post(`/api/v1/releases/${releaseId}/publish`, key, {})).status).toBe(200);
    const id = await c.thread(cust, releaseId);
    const fired = await fires(id, ['Is there a free TRIAL?']);
    expect(fired).toEqual([{ reply: 1, cta: expect.objectContaining({ version: 1, title: 'Trial', targetUrl: 'https://acme.example/trial', matchedKeyword: 'trial' }) }]);
    expect((await c.get(`/api/v1/releases/${releaseId}/cta`, key)).body).toMatchObject({ version: 1, source: 'user', cta: { title: 'Trial', maxPerThread: 1 } });
  });

  it('validates cards (400, nothing written) and who may read or write them', async () => {
    const cases: [Json, string][] = [
      [{ ...CTA_CARD, ctaType: 'link-out' }, 'body.cta.targetUrl'],
      [{ ...CTA_CARD, crmDestination: 'mailchimp' }, 'body.cta.crmDestination'],
      [{ ...CTA_CARD, triggerMode: 'interval', intervalMessages: 101 }, 'body.cta.intervalMessages'],
      [{ ...CTA_CARD, triggerMode: 'interval' }, 'body.cta.intervalMessages'],
      [{ ...CTA_CARD, formFields: ['fax'] }, 'body.cta.formFields[0]'],
      [{ ...CTA_CARD, colour: 'red' }, 'body.cta.colour'],
      [{ ...CTA_CARD, title: '' }, 'body.cta.title'],
    ];
    for (const [cta, path] of cases) {
      const res = await putCta(cta);
      expect(res.status, JSON.stringify(cta)).toBe(400);
      expect(res.body.error.details.issues.map((i: Json) => i.path)).toContain(path);
    }
    expect((await c.put('/api/v1/releases/rel_cta/cta', key, { cta: CTA_CARD, source: 'restore' })).status).toBe(400);
    expect((await c.get('/api/v1/releases/rel_cta/cta', key)).body.version).toBe(1);
    expect((await c.get('/api/v1/releases/rel_cta/cta/versions', key)).body).toEqual({ data: [], hasMore: false, total: 0 });

    expect((await c.get('/api/v1/releases/rel_cta/cta', bob)).status).toBe(200);
    expect((await c.put('/api/v1/releases/rel_cta/cta', bob, { cta: CTA_CARD })).status).toBe(403);
    expect((await c.get('/api/v1/releases/rel_cta/cta', { 'x-api-key': OTHER_KEY })).status).toBe(404);
    expect((await c.get('/api/v1/releases/rel_help/cta', key)).body).toEqual({
      releaseId: 'rel_help',
      version: 0,
      savedAt: null,
      source: null,
      cta: null,
      hasConstantContactAccessToken: false,
    });
  });
});
