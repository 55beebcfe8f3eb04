// A release's references to workspace chat resources, checked and put into effect on every write
// (either door): each must name a resource of that kind in the release's workspace (the real
// validator re-checks the kind, so a thread slot naming a message prefix is refused), and the
// starters and an active welcome message become the release's config.conversationStarters and
// config.welcomeMessage, where the bootstrap and the chat read them.
import { validationError, type ValidationIssue } from '../../core/errors.js';
import type { ChatResourceStore } from './chat-resources.js';
import type { ReleaseDoc } from './store.js';

export interface ChatRefDeps {
  resources: ChatResourceStore;
  /** Whether the threads area holds a thread prefix of this id in the workspace (asked lazily: it mounts later). */
  threadPrefixExists(workspaceId: string, id: string): Promise<boolean>;
}

/** The config keys the references set; throws one 400 naming every reference that names nothing. */
export async function applyChatRefs(deps: ChatRefDeps, workspaceId: string, doc: Partial<ReleaseDoc>): Promise<Record<string, unknown>> {
  const issues: ValidationIssue[] = [];
  const config: Record<string, unknown> = {};
  const missing = (key: string, what: string) => issues.push({ path: `body.${key}.id`, message: `No ${what} of this id in the workspace` });
  if (doc.conversationStarter) {
    const found = await deps.resources.get(workspaceId, 'conversation-starter', doc.conversationStarter.id);
    if (found) config.conversationStarters = found.starters;
    else missing('conversationStarter', 'conversation starter');
  }
  if (doc.chatWelcomeMessage) {
    const found = await deps.resources.get(workspaceId, 'chat-welcome-message', doc.chatWelcomeMessage.id);
    // An inactive welcome message does not render (release-chat-resources.ts): it sets nothing.
    if (found?.active) config.welcomeMessage = found.message;
    if (!found) missing('chatWelcomeMessage', 'chat welcome message');
  }
  if (doc.msgPrefix && !(await deps.resources.get(workspaceId, 'message-prefix', doc.msgPrefix.id))) missing('msgPrefix', 'message prefix');
  if (doc.threadPrefix && !(await deps.threadPrefixExists(workspaceId, doc.threadPrefix.id))) missing('threadPrefix', 'thread prefix');
  if (issues.length > 0) throw validationError('The release names chat resources that do not exist', issues);
  return config;
}
