// Replies another area fixes in advance (the model-edits area's applied corrections): chat's send
// and its reply generator ask here first, so a corrected prompt answers with the corrected text.
// One instance per emulator (it hangs off the chat thread store); sources register by name.

/** A fixed reply and what it came from (shown in the assistant message's metadata). */
export interface ReplyOverride {
  text: string;
  source: { type: string; id: string };
}

export interface OverrideQuery {
  workspaceId: string;
  releaseId: string;
  prompt: string;
}

export type OverrideSource = (query: OverrideQuery) => Promise<ReplyOverride | undefined>;

export class ReplyOverrides {
  private readonly sources = new Map<string, OverrideSource>();

  /** Registers (or replaces) a source by name, so registering twice is harmless. */
  set(name: string, source: OverrideSource): void {
    this.sources.set(name, source);
  }

  /** The first source's override for this prompt on this release, if any. */
  async find(query: OverrideQuery): Promise<ReplyOverride | undefined> {
    for (const source of this.sources.values()) {
      const found = await source(query);
      if (found) return found;
    }
    return undefined;
  }
}
