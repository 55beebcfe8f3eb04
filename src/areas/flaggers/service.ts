// Flaggers at work: on every stored chat message (`chat.message.stored`) the workspace's enabled
// flaggers judge it; a hit stores a flag, tags the message and raises `message.flagged`. A dry run
// answers the same verdict without storing anything.
import type { AreaEvents, RaisedEvent } from '../../core/area.js';
import type { FlaggerVerdict } from '../../types/flaggers-analytics.js';
import { judge } from './rules.js';
import type { FlaggerDoc, FlaggerStore } from './store.js';

export interface FlaggerServiceDeps {
  store: FlaggerStore;
  events: AreaEvents;
  /** Adds a flag to the stored message's metadata (the chat area's thread store). */
  tagMessage(messageId: string, flag: { flagId: string; flaggerId: string; tags: string[] }): Promise<unknown>;
  /** False when the release's `config.notifications` is false: its flags are kept but raise no event. */
  releaseNotifies(workspaceId: string, releaseId: string): Promise<boolean>;
}

/** Whether a flagger looks at a message of this release: enabled, and the release in scope (empty = all). */
function covers(flagger: FlaggerDoc, releaseId: string | undefined): boolean {
  return flagger.enabled && (releaseId === undefined || flagger.releaseIds.length === 0 || flagger.releaseIds.includes(releaseId));
}

export class FlaggerService {
  constructor(private readonly deps: FlaggerServiceDeps) {}

  /** What the flagger would answer for `content` (saved or not), storing nothing. */
  verdict(flagger: FlaggerDoc, flaggerId: string | null, content: string, releaseId?: string): FlaggerVerdict {
    const result = judge(flagger, content);
    return {
      flagged: result.flagged,
      wouldFlag: result.flagged && covers(flagger, releaseId),
      judges: flagger.flagInput ? 'input' : 'reply',
      flaggerId,
      matches: result.matches,
      outputs: result.outputs,
      tags: result.flagged ? flagger.notificationTags : [],
      message: result.flagged ? flagger.notificationMessage : null,
      notifyUser: flagger.notifyUser,
    };
  }

  /** The event hub's listener: judges each stored user or assistant message. */
  async onEvent(event: RaisedEvent): Promise<void> {
    if (event.kind !== 'chat.message.stored') return;
    const { threadId, messageId, role, content, releaseId } = event.data;
    if (typeof threadId !== 'string' || typeof messageId !== 'string' || typeof content !== 'string' || typeof releaseId !== 'string') return;
    if (role !== 'user' && role !== 'assistant') return;
    let notifies: boolean | undefined;
    for (const flagger of await this.deps.store.list(event.workspaceId, true)) {
      // flagInput: the flagger judges what the user sent; otherwise the assistant's reply.
      if ((role === 'user') !== flagger.flagInput || !covers(flagger, releaseId)) continue;
      const result = judge(flagger, content);
      if (!result.flagged) continue;
      const flag = await this.deps.store.addFlag({
        workspaceId: event.workspaceId,
        flaggerId: flagger.id,
        flaggerTitle: flagger.title,
        messageId,
        threadId,
        releaseId,
        role,
        excerpt: content.slice(0, 200),
        outputs: result.outputs,
        tags: flagger.notificationTags,
        notifyUser: flagger.notifyUser,
      });
      await this.deps.tagMessage(messageId, { flagId: flag.id, flaggerId: flagger.id, tags: flagger.notificationTags });
      notifies ??= await this.deps.releaseNotifies(event.workspaceId, releaseId);
      if (!notifies) continue;
      await this.deps.events.emit({
        workspaceId: event.workspaceId,
        kind: 'message.flagged',
        data: {
          flagId: flag.id,
          flaggerId: flagger.id,
          flaggerTitle: flagger.title,
          messageId,
          threadId,
          releaseId,
          role,
          outputs: result.outputs,
          notificationIcon: flagger.notificationIcon,
          notifyUser: flagger.notifyUser,
        },
        tags: flagger.notificationTags,
        ...(flagger.notificationMessage !== null && { message: flagger.notificationMessage }),
      });
    }
  }
}
