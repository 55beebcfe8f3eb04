// The model-edits routes (emulator-defined; spec tag `model-edits`): corrections of a release's
// answers — create (from a prompt or a chat message), change, apply on the clock, revert, delete,
// and export as training data (a JSONL/CSV download, or a set in the training-data area).
import { validationError } from '../../core/errors.js';
import { lazySchema } from '../../types/lazy-schema.js';
import { defineRoute, workspaceOf, type Principal, type RouteAuth, type RouteDef } from '../../core/route.js';
import { TrainingDataSetSchema } from '../../types/model-lifecycle.js';
import { ModelEditSchema, type ModelEdit } from '../../types/model-edits.js';
import { docsPage } from '../../types/threads.js';
import { docsList } from '../threads/public.js';
import { modelEditNotFound, nothingToExport } from './errors.js';
import { editsAsCsv, editsAsJsonl } from './export.js';
import {
  ExportToTrainingDataSchema,
  ModelEditCreateSchema,
  ModelEditDeletedSchema,
  ModelEditExportQuerySchema,
  ModelEditListQuerySchema,
  ModelEditParamsSchema,
  ModelEditUpdateSchema,
  type ModelEditCreateInput,
} from './schema.js';
import type { ModelEditStore, NewEdit } from './store.js';

const TAG = 'model-edits';
const BASE = '/api/v1/model-edits';
// Model edits belong to the model lifecycle: keys need the fine-tune scopes, as QA and fine-tune do.
const read: RouteAuth = { kind: 'workspace', level: 'read', permission: 'finetune:read' };
const write: RouteAuth = { kind: 'workspace', level: 'write', permission: 'finetune:write' };

export interface ModelEditRouteDeps {
  store: ModelEditStore;
  /** Resolves the create input (a prompt on a release, or a chat message) into a new edit; throws 400s. */
  resolve(workspaceId: string, body: ModelEditCreateInput): Promise<Omit<NewEdit, 'createdBy'>>;
  /** Writes the pairs as a succeeded set of the training-data area. */
  toTrainingData(workspaceId: string, title: string, edits: ModelEdit[]): Promise<unknown>;
}

const actorOf = (principal: Principal): string | null => (principal.kind === 'user' ? principal.userId : principal.kind === 'apiKey' ? principal.keyId : null);

function must<T>(value: T | undefined): T {
  if (value === undefined) throw modelEditNotFound();
  return value;
}

export function modelEditRoutes({ store, resolve, toTrainingData }: ModelEditRouteDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: BASE,
      tag: TAG,
      summary: 'The workspace’s model edits, oldest first: ?releaseId &status (`{docs, pagination}` and `data`)',
      auth: read,
      emulatorDefined: true,
      query: ModelEditListQuerySchema,
      response: lazySchema(() => docsPage(ModelEditSchema)),
      handler: async ({ principal, query }) => docsList(await store.list(workspaceOf(principal), query), query),
    }),
    defineRoute({
      method: 'POST',
      path: BASE,
      tag: TAG,
      summary: 'Create a correction `{releaseId, prompt | messageRef {threadId, messageId}, correctedReply, originalReply?, title?, apply?}`',
      auth: write,
      emulatorDefined: true,
      body: ModelEditCreateSchema,
      response: ModelEditSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const edit = await store.create(workspaceId, { ...(await resolve(workspaceId, body)), createdBy: actorOf(principal) });
        return body.apply ? store.apply(workspaceId, edit._id) : edit;
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/export`,
      tag: TAG,
      summary: 'Download edits as training pairs: ?format=jsonl (chat fine-tuning lines) | csv &releaseId &status (default applied; `all`)',
      auth: read,
      emulatorDefined: true,
      query: ModelEditExportQuerySchema,
      mediaType: 'application/jsonl',
      handler: async ({ principal, query }) => {
        const edits = await store.list(workspaceOf(principal), query);
        const jsonl = query.format === 'jsonl';
        return new Response(jsonl ? editsAsJsonl(edits) : editsAsCsv(edits), {
          status: 200,
          headers: {
            'content-type': jsonl ? 'application/jsonl; charset=utf-8' : 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="model-edits.${query.format}"`,
          },
        });
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/export-to-training-data`,
      tag: TAG,
      summary: 'Write edits (applied ones by default) as a succeeded training-data set of question/answer pairs',
      auth: write,
      emulatorDefined: true,
      body: ExportToTrainingDataSchema,
      bodyOptional: true,
      response: TrainingDataSetSchema,
      status: 201,
      handler: async ({ principal, body }) => {
        const workspaceId = workspaceOf(principal);
        const filter = { releaseId: body?.releaseId, status: body?.status ?? 'applied', ids: body?.editIds };
        if (filter.ids) {
          for (const [i, id] of filter.ids.entries()) {
            if (!(await store.get(workspaceId, id))) throw validationError('Invalid export', [{ path: `body.editIds.${i}`, message: 'Not a model edit of this workspace' }]);
          }
        }
        const edits = await store.list(workspaceId, filter);
        if (edits.length === 0) throw nothingToExport({ releaseId: filter.releaseId ?? null, status: filter.status });
        return toTrainingData(workspaceId, body?.title ?? 'Model edits', edits);
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${BASE}/:editId`,
      tag: TAG,
      summary: 'One model edit',
      auth: read,
      emulatorDefined: true,
      params: ModelEditParamsSchema,
      response: ModelEditSchema,
      handler: async ({ principal, params }) => must(await store.get(workspaceOf(principal), params.editId)),
    }),
    defineRoute({
      method: 'PATCH',
      path: `${BASE}/:editId`,
      tag: TAG,
      summary: 'Change a draft, failed or reverted edit (it becomes a draft); 409 while applying or applied',
      auth: write,
      emulatorDefined: true,
      params: ModelEditParamsSchema,
      body: ModelEditUpdateSchema,
      response: ModelEditSchema,
      handler: async ({ principal, params, body }) => must(await store.update(workspaceOf(principal), params.editId, body)),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:editId/apply`,
      tag: TAG,
      summary: 'Apply on the clock: queued, applying, then applied (chat answers the prompt with the correction) or failed',
      auth: write,
      emulatorDefined: true,
      params: ModelEditParamsSchema,
      response: ModelEditSchema,
      handler: async ({ principal, params }) => must(await store.apply(workspaceOf(principal), params.editId)),
    }),
    defineRoute({
      method: 'POST',
      path: `${BASE}/:editId/revert`,
      tag: TAG,
      summary: 'Revert an applied edit: chat answers the prompt as before',
      auth: write,
      emulatorDefined: true,
      params: ModelEditParamsSchema,
      response: ModelEditSchema,
      handler: async ({ principal, params }) => must(await store.revert(workspaceOf(principal), params.editId)),
    }),
    defineRoute({
      method: 'DELETE',
      path: `${BASE}/:editId`,
      tag: TAG,
      summary: 'Delete an edit (an applied one stops answering at once)',
      auth: write,
      emulatorDefined: true,
      params: ModelEditParamsSchema,
      response: ModelEditDeletedSchema,
      handler: async ({ principal, params }) => {
        if (!(await store.delete(workspaceOf(principal), params.editId))) throw modelEditNotFound();
        return { _id: params.editId, deleted: true as const };
      },
    }),
  ];
}
