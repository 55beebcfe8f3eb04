// Request schema of `POST /api/v1/workspaces/{ws}/chat/completions` (emulator-defined beyond the path).
import { z } from 'zod';
import { WorkspaceChatMessageSchema } from '../../types/model-lifecycle.js';

const Id = z.string().min(1).max(200);

export const CompletionRequestSchema = z
  .object({
    messages: z.array(WorkspaceChatMessageSchema).min(1).max(200),
    /** The release whose settings (RAG indexes, assistant, prompt) answer; default: the workspace's first active release. */
    releaseId: Id.optional(),
    /** A model in place of the release's: a catalog id, or a fine-tune (`ft:…`) of the workspace once succeeded. */
    model: z.string().min(1).max(200).optional(),
    /** Continue a conversation this route answered before (its `transcriptId`); only the last message is new then. */
    transcriptId: Id.optional(),
    /** `true` answers server-sent `chat.completion.chunk` events, then `data: [DONE]`. */
    stream: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.messages[b.messages.length - 1]?.role === 'user', { message: 'The last message must be the user’s', path: ['messages'] });
export type CompletionRequest = z.infer<typeof CompletionRequestSchema>;

export const CompletionParamsSchema = z.object({ workspaceId: Id });
