// A release's reply to a prompt, through the same steps a chat send takes (assistant chain,
// retrieval, the seeded reply generator, token usage) but writing nothing: what other areas
// (workspace chat completions, QA runs, arena) answer with, so their replies match chat's.
import type { ReleaseRecord } from '../releases/public.js';
import { assistantChain, runChain, simulatedFailures, type AssistantAttempt, type AssistantRef } from './assistants.js';
import { allAssistantsFailed } from './errors.js';
import { composeReply, type ContextEntry } from './reply-generator.js';
import { collectionIdsOf, type ContextRetriever } from './retrieval.js';
import { ReplyOverrides } from './reply-overrides.js';
import { prefixPromptLines, type PromptPrefix, type PromptPrefixSource } from './prompt-prefixes.js';
import { relevant } from './send.js';
import { loadTokenizer, usageOf, type ChatUsage } from './usage.js';

export interface ReplyRequest {
  release: ReleaseRecord;
  prompt: string;
  /** Assistant replies before this one in the conversation (varies the wording); 0 when absent. */
  turn?: number;
  /** Earlier messages, counted in the prompt tokens. */
  history?: { role: string; content: string }[];
  /** Start the chain at this assistant (as `assistantName` in a chat send). */
  assistantName?: string;
  /** Answer as this model instead of the release's own (as a BYOK override). */
  model?: string;
  maxTokens?: number;
}

export interface ReplyOutcome {
  text: string;
  assistant: AssistantRef;
  /** Assistants that failed before this one answered (the release's `simulateFailures`). */
  attempts: AssistantAttempt[];
  fallback: boolean;
  usage: ChatUsage;
  context: ContextEntry[];
  finishReason: 'stop' | 'length';
  /** Set when an applied correction answered instead of the generator. */
  correction?: { type: string; id: string };
  /** The release's prompt prefixes, when it has any (prompt-prefixes.ts). */
  prefixes?: PromptPrefix[];
}

export class ChatReplies {
  /** Replies fixed in advance (applied model edits), asked before the generator, as a chat send does. */
  readonly overrides: ReplyOverrides;

  constructor(private readonly deps: { seed(): number; retriever: ContextRetriever; overrides?: ReplyOverrides; prefixes?: PromptPrefixSource }) {
    this.overrides = deps.overrides ?? new ReplyOverrides();
  }

  /** The reply chat would give; throws ALL_ASSISTANTS_FAILED as a send does. */
  async reply(request: ReplyRequest): Promise<ReplyOutcome> {
    const { release, prompt } = request;
    const config = release.config;
    const outcome = runChain(assistantChain(release, request.assistantName, request.model), simulatedFailures(release));
    if (!('assistant' in outcome)) throw allAssistantsFailed(outcome.attempts);
    const context = relevant(await this.deps.retriever.retrieve(release.workspaceId, collectionIdsOf(config), prompt), prompt);
    const tokenizer = await loadTokenizer();
    const override = await this.overrides.find({ workspaceId: release.workspaceId, releaseId: release.id, prompt });
    const prefixes = (await this.deps.prefixes?.(release)) ?? [];
    const prefixLines = prefixPromptLines(prefixes);
    let text =
      override?.text ??
      composeReply({ seed: this.deps.seed(), model: outcome.assistant.id, turn: request.turn ?? 0, prompt, context, releaseName: release.name, prefixes: prefixLines });
    let finishReason: 'stop' | 'length' = 'stop';
    const maxTokens = request.maxTokens ?? (typeof config.maxTokens === 'number' ? config.maxTokens : undefined);
    if (maxTokens !== undefined) {
      const tokens = tokenizer.encode(text);
      if (tokens.length > maxTokens) {
        text = tokenizer.decode(tokens.slice(0, maxTokens));
        finishReason = 'length';
      }
    }
    const promptText = [
      typeof config.systemPrompt === 'string' ? `system: ${config.systemPrompt}` : '',
      ...prefixLines,
      ...(request.history ?? []).map((m) => `${m.role}: ${m.content}`),
      ...context.map((c, i) => `context [${i + 1}] ${c.source ?? ''}: ${c.content}`),
      `user: ${prompt}`,
    ]
      .filter(Boolean)
      .join('\n');
    return {
      text,
      assistant: outcome.assistant,
      attempts: outcome.attempts,
      fallback: outcome.index > 0,
      usage: usageOf(outcome.assistant.id, tokenizer.count(promptText), tokenizer.count(text)),
      context,
      finishReason,
      ...(override && { correction: override.source }),
      ...(prefixes.length > 0 && { prefixes }),
    };
  }
}
