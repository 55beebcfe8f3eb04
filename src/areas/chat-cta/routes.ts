// Chat CTA routes: the card of a release with its version history (read, write, restore), and the
// form submit of a thread whose assistant showed the card (which reveals a gated asset).
import { conflict, notFound, validationError } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import type { ReleaseRecord, ReleaseStore } from '../releases/public.js';
import { endUserOf, type ChatAccess } from '../chat/public.js';
import { ThreadParamsSchema } from '../chat/public.js';
import type { ChatThreadStore } from '../chat/public.js';
import {
  CtaAnswerSchema,
  CtaSubmitSchema,
  CtaVersionListSchema,
  FAILING_CAPTCHA_TOKEN,
  PutCtaSchema,
  ReleaseParamsSchema,
  VersionListQuerySchema,
  VersionParamsSchema,
} from './schema.js';
import { cardOut, type CtaStore, type CurrentCta } from './store.js';

const TAG = 'releases';

export interface CtaRouteDeps {
  ctas: CtaStore;
  releases: ReleaseStore;
  access: ChatAccess;
  threads: ChatThreadStore;
}

function answer(release: ReleaseRecord, current: CurrentCta | undefined) {
  return {
    releaseId: release.id,
    version: current?.version ?? 0,
    savedAt: current?.savedAt ?? null,
    source: current?.source ?? null,
    cta: current ? cardOut(current.card) : null,
    hasConstantContactAccessToken: current?.accessToken != null,
  };
}

export function ctaRoutes(deps: CtaRouteDeps): RouteDef[] {
  const { ctas, releases } = deps;
  const releaseIn = async (workspaceId: string, id: string) => {
    const release = await releases.get(id, workspaceId);
    if (!release) throw notFound('Release');
    return release;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/releases/:releaseId/cta',
      tag: TAG,
      summary: 'The release’s chat CTA in force, its version, and whether a Constant Contact token is set (never the token)',
      auth: { kind: 'workspace', level: 'read' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      response: CtaAnswerSchema,
      handler: async ({ principal, params }) => {
        const release = await releaseIn(workspaceOf(principal), params.releaseId);
        return answer(release, await ctas.current(release));
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/releases/:releaseId/cta',
      tag: TAG,
      summary: 'Write the chat CTA ({cta, source user|agent}); a content change archives the prior revision and advances the version',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      body: PutCtaSchema,
      response: CtaAnswerSchema,
      handler: async ({ principal, params, body }) => {
        const release = await releaseIn(workspaceOf(principal), params.releaseId);
        const { current } = await ctas.put(release, body.cta, body.source);
        return answer(release, current);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/releases/:releaseId/cta/versions',
      tag: TAG,
      summary: 'Archived CTA revisions, newest first: {version, savedAt, source, snapshot} without the write-only token',
      auth: { kind: 'workspace', level: 'read' },
      emulatorDefined: true,
      params: ReleaseParamsSchema,
      query: VersionListQuerySchema,
      response: CtaVersionListSchema,
      handler: async ({ principal, params, query }) => {
        const release = await releaseIn(workspaceOf(principal), params.releaseId);
        const offset = Number(query.cursor ?? 0);
        const { data, total } = await ctas.versions(release.id, query.limit, offset);
        const hasMore = offset + data.length < total;
        return { data, hasMore, ...(hasMore && { nextCursor: String(offset + data.length) }), total };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/releases/:releaseId/cta/versions/:version/restore',
      tag: TAG,
      summary: 'Make an archived revision current again (source restore); the current one is archived and the version advances',
      auth: { kind: 'workspace', level: 'write' },
      emulatorDefined: true,
      params: VersionParamsSchema,
      response: CtaAnswerSchema,
      handler: async ({ principal, params }) => {
        const release = await releaseIn(workspaceOf(principal), params.releaseId);
        const snapshot = await ctas.version(release.id, params.version);
        if (!snapshot) throw notFound('CTA version');
        const { current } = await ctas.put(release, snapshot, 'restore');
        return answer(release, current);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/chat/threads/:threadId/cta/submit',
      tag: 'chat',
      summary: 'Submit the CTA form of a thread whose assistant showed the card; an email-gated download reveals assetUrl only here',
      auth: { kind: 'endUser', anonymous: true },
      emulatorDefined: true,
      params: ThreadParamsSchema,
      body: CtaSubmitSchema,
      handler: async ({ principal, params, body }) => {
        const { thread, release } = await deps.access.thread(endUserOf(principal), params.threadId, 'write');
        const current = await ctas.current(release);
        if (!current || thread.ctaState.fires === 0) throw conflict('No call-to-action has been shown in this thread');
        const card = current.card;
        const issues: { path: string; message: string }[] = [];
        for (const field of ['name', 'phone'] as const) {
          if (card.formFields?.includes(field) && body[field] === undefined) issues.push({ path: `body.${field}`, message: 'Required by this form' });
        }
        if (card.requireCaptcha && body.captchaToken === undefined) issues.push({ path: 'body.captchaToken', message: 'This form requires a captcha' });
        if (issues.length > 0) throw validationError('Invalid body', issues);
        if (card.requireCaptcha && body.captchaToken === FAILING_CAPTCHA_TOKEN) {
          throw validationError('Captcha challenge failed', [{ path: 'body.captchaToken', message: 'Challenge failed' }]);
        }
        const submissionId = await ctas.recordSubmission({
          threadId: thread.id,
          releaseId: release.id,
          version: current.version,
          email: body.email,
          name: body.name,
          phone: body.phone,
          crmDestination: card.crmDestination,
        });
        await deps.threads.setCtaState(thread.id, { ...thread.ctaState, submitted: true });
        return {
          status: 'ok',
          submissionId,
          ctaType: card.ctaType,
          ...(card.successMessage !== undefined && { successMessage: card.successMessage }),
          ...(card.ctaType === 'email-gated-download' && { assetUrl: card.assetUrl }),
          ...(card.ctaType === 'link-out' && { targetUrl: card.targetUrl }),
          ...(card.crmDestination !== undefined && { crm: { destination: card.crmDestination, status: 'queued' } }),
          ...(card.constantContactListId !== undefined &&
            current.accessToken !== null && { constantContact: { listId: card.constantContactListId, status: 'queued' } }),
        };
      },
    }),
  ];
}
