// Request schema of `POST /api/v1/workspaces/{ws}/chat/completions` (emulator-defined beyond the path; public in service-emulator/types).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

export { WorkspaceChatRequestSchema as CompletionRequestSchema, type WorkspaceChatRequest as CompletionRequest } from '../../types/lifecycle-inputs.js';

const Id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const CompletionParamsSchema = lazySchema(() => z.object({ workspaceId: Id }));
