// The workspace clone routes (emulator-defined): queue a clone (202 with the job), then poll the
// job until it is completed (with the new workspace's id) or failed.
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { userOf } from '../workspaces/public.js';
import type { WorkspaceStore } from '../workspaces/public.js';
import { cloneJobNotFound } from './errors.js';
import { CloneJobSchema, CloneWorkspaceSchema, JobParamsSchema, WorkspaceJobParamsSchema, WorkspaceParamsSchema } from './schema.js';
import { cloneJobAnswer, type CloneJobStore } from './store.js';

const TAG = 'workspaces';

export function cloneRoutes(store: CloneJobStore, workspaces: WorkspaceStore): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/workspaces/:workspaceId/clone',
      tag: TAG,
      summary: 'Clone a workspace (record, members, transcripts) as an asynchronous job',
      auth: { kind: 'workspace', level: 'admin', param: 'workspaceId' },
      emulatorDefined: true,
      params: WorkspaceParamsSchema,
      body: CloneWorkspaceSchema,
      response: CloneJobSchema,
      status: 202,
      handler: async ({ principal, body }) => {
        const requestedBy = principal.kind === 'user' ? principal.userId : undefined;
        const name = (body.name ?? body.title) as string;
        return cloneJobAnswer(await store.queue(workspaceOf(principal), name, body.ragVectorIds ?? [], requestedBy));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/workspaces/clone-jobs/:jobId',
      tag: TAG,
      summary: 'A clone job: its requester, or a member of its source or new workspace, may read it',
      auth: { kind: 'bearer' },
      emulatorDefined: true,
      params: JobParamsSchema,
      response: CloneJobSchema,
      handler: async ({ principal, params }) => {
        const userId = userOf(principal);
        const job = await store.get(params.jobId);
        if (!job) throw cloneJobNotFound();
        const visible =
          job.requestedBy === userId ||
          (await workspaces.role(job.sourceWorkspaceId, userId)) !== undefined ||
          (job.workspaceId !== undefined && (await workspaces.role(job.workspaceId, userId)) !== undefined);
        if (!visible) throw cloneJobNotFound();
        return cloneJobAnswer(job);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/workspaces/:workspaceId/clone-jobs/:jobId',
      tag: TAG,
      summary: 'A clone job of this workspace (for API keys, which cannot use the Bearer route)',
      auth: { kind: 'workspace', level: 'read', param: 'workspaceId' },
      emulatorDefined: true,
      params: WorkspaceJobParamsSchema,
      response: CloneJobSchema,
      handler: async ({ principal, params }) => {
        const job = await store.get(params.jobId);
        if (!job || job.sourceWorkspaceId !== workspaceOf(principal)) throw cloneJobNotFound();
        return cloneJobAnswer(job);
      },
    }),
  ];
}
