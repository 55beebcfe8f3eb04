// The handles' shapes live in core (areas extend them); re-exported here for the loaders.
export type { ApiKeyHandle, Handles, UserHandle, WorkspaceHandle } from '../core/handles.js';
