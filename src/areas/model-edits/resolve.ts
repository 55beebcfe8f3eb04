// Turns a create body into a new edit: a prompt on a release of the workspace (its current answer
// as the original when none is given), or an assistant message of a chat thread (its prompt and
// reply). Every refusal is a 400 naming the field, before anything is written.
import { validationError } from '../../core/errors.js';
import type { ChatReplies, ChatThreadStore } from '../chat/public.js';
import type { ReleaseStore } from '../releases/public.js';
import type { ModelEditCreateInput } from './schema.js';
import type { NewEdit } from './store.js';

const bad = (path: string, message: string) => validationError('Invalid model edit', [{ path, message }]);

export function editResolver(deps: { releases: ReleaseStore; threads: ChatThreadStore; replies: ChatReplies }) {
  return async (workspaceId: string, body: ModelEditCreateInput): Promise<Omit<NewEdit, 'createdBy'>> => {
    let releaseId = body.releaseId;
    let prompt = body.prompt;
    let originalReply = body.originalReply;
    if (body.messageRef) {
      const { threadId, messageId } = body.messageRef;
      const thread = await deps.threads.get(threadId);
      if (!thread || thread.workspaceId !== workspaceId) throw bad('body.messageRef.threadId', 'Not a chat thread of this workspace');
      if (releaseId !== undefined && releaseId !== thread.releaseId) throw bad('body.releaseId', `Not the release of thread ${threadId} (${thread.releaseId})`);
      const history = await deps.threads.history(threadId);
      const at = history.findIndex((m) => m.id === messageId);
      const message = history[at];
      if (!message) throw bad('body.messageRef.messageId', 'Not a message of this thread');
      if (message.role !== 'assistant') throw bad('body.messageRef.messageId', 'Not an assistant reply');
      const asked = history.slice(0, at).reverse().find((m) => m.role === 'user');
      if (!asked) throw bad('body.messageRef.messageId', 'The reply answers no user message');
      releaseId = thread.releaseId;
      prompt = asked.content;
      originalReply ??= message.content;
    }
    const release = releaseId === undefined ? undefined : await deps.releases.get(releaseId, workspaceId);
    if (!release) throw bad('body.releaseId', 'Not a release of this workspace');
    const text = prompt as string;
    if (originalReply === undefined) {
      // What the release answers now (nothing is written); a release that cannot answer leaves it null.
      originalReply = await deps.replies.reply({ release, prompt: text }).then(
        (r) => r.text,
        () => undefined,
      );
    }
    return {
      releaseId: release.id,
      prompt: text,
      originalReply: originalReply ?? null,
      correctedReply: body.correctedReply,
      ...(body.title !== undefined && { title: body.title }),
      ...(body.messageRef && { messageRef: body.messageRef }),
    };
  };
}
