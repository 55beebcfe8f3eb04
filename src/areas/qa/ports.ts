// What the QA area needs from the rest of the emulator, as narrow interfaces the wiring fills in:
// a release's reply through chat's own reply generator, token counts and prices, the search's terms.
import type { ServiceEvent } from '../../core/area.js';
import type { QaUsage } from '../../types/qa.js';
import type { Terms } from './judge.js';

export interface ReleaseInfo {
  id: string;
  name: string;
  /** The model the release answers with (its assistant chain's first). */
  model: string;
  systemPrompt?: string;
}

export type ReplyOutcome = { text: string; model: string; usage: QaUsage } | { error: string };

export interface ReplySource {
  /** A release of the workspace, or undefined (another workspace's release is unknown here). */
  release(workspaceId: string, releaseId: string): Promise<ReleaseInfo | undefined>;
  /**
   * The reply the release gives to `prompt` as the first message of a new thread: the same
   * retrieval, assistant chain and reply generator chat uses; `model` overrides the primary model.
   */
  reply(workspaceId: string, releaseId: string, prompt: string, model?: string): Promise<ReplyOutcome>;
}

export interface Pricing {
  /** Tokens of a text with the chat tokenizer. */
  count(text: string): Promise<number>;
  usageOf(model: string, promptTokens: number, completionTokens: number): QaUsage;
}

export interface PresetLookup {
  variants(workspaceId: string, presetId: string): Promise<{ label?: string; releaseId: string; model?: string; temperature?: number }[] | undefined>;
}

export interface QaPorts {
  replies: ReplySource;
  pricing: Pricing;
  terms: Terms;
  presets: PresetLookup;
  /** Raises service events (`qa.run.finished`) on the world's hub; absent in unit tests. */
  raise?: (event: ServiceEvent) => Promise<void>;
}
