// The workspaces area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export { WorkspaceLimits } from './limits.js';
export { PageQuerySchema, pageSchema, paginate } from './paging.js';
export { userOf } from './routes.js';
export { DEFAULT_WORKSPACE_LIMITS, WorkspaceDescriptionSchema, WorkspaceNameSchema } from './schema.js';
export { workspaceAnswer } from './store.js';
export type { MemberRecord, MemberRole, WorkspaceRecord, WorkspaceStore } from './store.js';
