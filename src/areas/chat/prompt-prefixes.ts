// The prefixes a release puts before every chat prompt: its thread prefix (the threads area's
// versioned lines) and its message prefix (one string, when active), named on the release as
// `threadPrefix: {id}` and `msgPrefix: {id}`. They join the prompt the assistant is given: the
// prompt token count, the seeded wording of the reply, and the assistant message's metadata.
import type { ReleaseRecord } from '../releases/public.js';

export interface PromptPrefix {
  kind: 'thread' | 'message';
  id: string;
  /** The published version of a thread prefix. */
  version?: number;
  lines: string[];
}

export type PromptPrefixSource = (release: ReleaseRecord) => Promise<PromptPrefix[]>;

export interface PrefixLookups {
  threadPrefix(workspaceId: string, id: string): Promise<{ prefix: string[]; version: number } | undefined>;
  messagePrefix(workspaceId: string, id: string): Promise<{ prefix: string; isActive: boolean } | undefined>;
}

/** The release's prefixes, thread first; a reference to something gone (or inactive) adds nothing. */
export function promptPrefixSource(lookups: PrefixLookups): PromptPrefixSource {
  return async (release) => {
    const out: PromptPrefix[] = [];
    const threadRef = release.doc?.threadPrefix?.id;
    const messageRef = release.doc?.msgPrefix?.id;
    if (threadRef) {
      const thread = await lookups.threadPrefix(release.workspaceId, threadRef);
      if (thread && thread.prefix.length > 0) out.push({ kind: 'thread', id: threadRef, version: thread.version, lines: thread.prefix });
    }
    if (messageRef) {
      const message = await lookups.messagePrefix(release.workspaceId, messageRef);
      if (message?.isActive) out.push({ kind: 'message', id: messageRef, lines: [message.prefix] });
    }
    return out;
  };
}

/** The prompt lines the prefixes add, in the order the assistant reads them. */
export function prefixPromptLines(prefixes: PromptPrefix[]): string[] {
  return prefixes.flatMap((p) => p.lines.map((line) => `${p.kind} prefix: ${line}`));
}
