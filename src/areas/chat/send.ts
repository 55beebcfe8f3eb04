// One chat send, whole: every check first (input, terms gate, payment, quota), then retrieval,
// the assistant chain, the reply and its usage, the CTA rules, and only then the writes. A stream
// replays the stored exchange, so a client that drops it leaves a consistent thread.
import { validationError } from '../../core/errors.js';
import type { EndUserPrincipal } from '../../core/route.js';
import type { ReleaseRecord } from '../releases/public.js';
import type { TermsGate } from '../../types/terms.js';
import { termsNotAccepted } from '../terms/public.js';
import type { TierLimits } from '../tiers/public.js';
import { quotaRefusal } from '../tiers/public.js';
import type { QuotaStatus, UsageStore } from '../tiers/public.js';
import { cardForMessage, decide } from '../chat-cta/public.js';
import type { CtaStore } from '../chat-cta/public.js';
import { assistantChain, runChain, simulatedFailures, type AssistantRef } from './assistants.js';
import { allAssistantsFailed, badField, threadArchived } from './errors.js';
import type { AcceptedPayment, PaymentGate } from './payment.js';
import { prefixPromptLines, type PromptPrefixSource } from './prompt-prefixes.js';
import { composeReply, keywords, type ContextEntry } from './reply-generator.js';
import { collectionIdsOf, type ContextRetriever } from './retrieval.js';
import type { SendMessageInput } from './schema.js';
import type { ChatMessageOut, ChatThreadStore, ThreadRecord } from './thread-store.js';
import { loadTokenizer, usageOf, type ChatUsage } from './usage.js';

export interface QuotaSource {
  quotaOf(principal: EndUserPrincipal, workspaceId: string, conversationLength?: number): Promise<{ limits: TierLimits; status: QuotaStatus }>;
}

export interface TermsGateSource {
  gate(releaseId: string, subject: string): Promise<TermsGate>;
}

export interface ChatServiceDeps {
  now(): number;
  seed(): number;
  threads: ChatThreadStore;
  usage: UsageStore;
  quotas: QuotaSource;
  terms: TermsGateSource;
  retriever: ContextRetriever;
  ctas: CtaStore;
  /** Prices paid releases and records accepted x402 payments. */
  payments: PaymentGate;
  /** Fine-tuned models (the fine-tune area): a release naming one answers with it once trained. */
  fineTunes?: FineTuneModels;
  /** The release's thread and message prefixes (prompt-prefixes.ts). */
  prefixes?: PromptPrefixSource;
}

export interface FineTuneModels {
  /**
   * The trained model a fine-tune reference names; throws a clear error when it cannot answer yet,
   * and when it names none: always for an `ft:…` model, else (`strict` false) answers undefined.
   */
  resolveModel(workspaceId: string, model: string, strict: boolean): Promise<{ model: string; baseModel: string } | undefined>;
}

export interface SendContext {
  principal: EndUserPrincipal;
  thread: ThreadRecord;
  release: ReleaseRecord;
  /** The request path, named as the `resource` of a payment requirement. */
  resource: string;
  paymentHeader: string | null;
}

export interface ChatResult {
  userMessage: ChatMessageOut;
  message: ChatMessageOut;
  usage: ChatUsage;
  context: ContextEntry[];
  /** The accepted payment of a paid release (its X-PAYMENT-RESPONSE header). */
  payment?: AcceptedPayment;
}

/** Retrieved chunks that share at least one meaningful word with the question: the ones worth citing. */
export function relevant(context: ContextEntry[], prompt: string): ContextEntry[] {
  const words = keywords(prompt, 20);
  return context.filter((c) => {
    const text = c.content.toLocaleLowerCase('en-US');
    return words.some((w) => text.includes(w));
  });
}

export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  /** Fine-tunes in the chain become their trained model ids; an unknown or untrained one is refused. */
  private async resolveFineTunes(workspaceId: string, chain: AssistantRef[]): Promise<AssistantRef[]> {
    const fineTunes = this.deps.fineTunes;
    if (!fineTunes || !chain.some((a) => a.finetune)) return chain;
    const out: AssistantRef[] = [];
    for (const a of chain) {
      // A fallback `{id, finetune: true}` that names no job of the workspace keeps its catalog id.
      const trained = a.finetune ? await fineTunes.resolveModel(workspaceId, a.id, a.id.startsWith('ft:')) : undefined;
      out.push(trained ? { id: trained.model, finetune: true } : a);
    }
    return out;
  }

  async send(ctx: SendContext, body: SendMessageInput): Promise<ChatResult> {
    const { thread, release, principal } = ctx;
    const config = release.config;
    const now = this.deps.now();
    if (thread.archived) throw threadArchived();
    if (body.replyTo !== undefined && !(await this.deps.threads.hasMessage(thread.id, body.replyTo))) {
      throw badField('body.replyTo', 'Not a message of this thread');
    }
    if (body.override !== undefined && typeof config.byokId !== 'string') {
      throw badField('body.override', 'Only a release pinned to a provider key (config.byokId) accepts an override');
    }
    const chain = await this.resolveFineTunes(release.workspaceId, assistantChain(release, body.assistantName, body.override?.model));
    const tokenizer = await loadTokenizer();
    const contentTokens = tokenizer.count(body.content);
    // The conversation's length counts the user's messages, as the quotas count sends.
    const { limits, status } = await this.deps.quotas.quotaOf(principal, thread.workspaceId, thread.messageCount - thread.assistantReplies);
    if (contentTokens > limits.maxTokensPerMessage) {
      throw validationError(
        'Message is longer than your tier allows',
        [{ path: 'body.content', message: `${contentTokens} tokens; at most ${limits.maxTokensPerMessage} per message` }],
        { tokens: contentTokens, maxTokensPerMessage: limits.maxTokensPerMessage },
      );
    }
    const gate = await this.deps.terms.gate(release.id, principal.subject);
    if (gate.required) throw termsNotAccepted(gate);
    const payment = await this.deps.payments.charge({
      config,
      resource: ctx.resource,
      header: ctx.paymentHeader,
      workspaceId: release.workspaceId,
      releaseId: release.id,
      now,
    });
    const refused = quotaRefusal(limits, status, now);
    if (refused) throw refused;

    const context = relevant(await this.deps.retriever.retrieve(release.workspaceId, collectionIdsOf(config), body.content), body.content);
    const outcome = runChain(chain, simulatedFailures(release));
    if (!('assistant' in outcome)) throw allAssistantsFailed(outcome.attempts);
    const { assistant, index, attempts } = outcome;

    // An applied correction (the model-edits area) answers its prompt in place of the generator.
    const override = await this.deps.threads.overrides.find({ workspaceId: release.workspaceId, releaseId: release.id, prompt: body.content });
    const prefixes = (await this.deps.prefixes?.(release)) ?? [];
    const prefixLines = prefixPromptLines(prefixes);
    let text =
      override?.text ??
      composeReply({ seed: this.deps.seed(), model: assistant.id, turn: thread.assistantReplies, prompt: body.content, context, releaseName: release.name, prefixes: prefixLines });
    let finishReason: 'stop' | 'length' = 'stop';
    const maxTokens = body.override?.maxTokens ?? (typeof config.maxTokens === 'number' ? config.maxTokens : undefined);
    if (maxTokens !== undefined) {
      const tokens = tokenizer.encode(text);
      if (tokens.length > maxTokens) {
        text = tokenizer.decode(tokens.slice(0, maxTokens));
        finishReason = 'length';
      }
    }
    const history = await this.deps.threads.history(thread.id);
    const prompt = [
      typeof config.systemPrompt === 'string' ? `system: ${config.systemPrompt}` : '',
      ...prefixLines,
      ...history.map((m) => `${m.role}: ${m.content}`),
      ...context.map((c, i) => `context [${i + 1}] ${c.source ?? ''}: ${c.content}`),
      `user: ${body.content}`,
    ]
      .filter(Boolean)
      .join('\n');
    const usage = usageOf(assistant.id, tokenizer.count(prompt), tokenizer.count(text));

    const reply = thread.assistantReplies + 1;
    const cta = await this.deps.ctas.current(release);
    const decision = cta ? decide(cta.card, thread.ctaState, reply, body.content) : ({ fire: false } as const);

    const userMessage = await this.deps.threads.append(thread, {
      role: 'user',
      content: body.content,
      contentType: body.contentType,
      tokenCount: contentTokens,
      metadata: {
        ...(body.metadata ?? {}),
        ...(body.replyTo !== undefined && { replyTo: body.replyTo }),
        ...(body.attachments !== undefined && { attachments: body.attachments }),
      },
    });
    const message = await this.deps.threads.append(thread, {
      role: 'assistant',
      content: text,
      contentType: 'text',
      tokenCount: usage.completionTokens,
      context: context.map((c) => ({ ...c })),
      metadata: {
        assistant: { id: assistant.id, finetune: assistant.finetune, fallback: index > 0, attempts },
        model: assistant.id,
        finishReason,
        replyTo: userMessage.id,
        usage,
        ...(override && { correction: override.source }),
        ...(prefixes.length > 0 && { promptPrefixes: prefixes }),
        ...(payment && { payment: payment.metadata }),
        ...(cta && decision.fire && { cta: cardForMessage(cta.card, cta.version, decision) }),
      },
    });
    if (cta && decision.fire) {
      await this.deps.threads.setCtaState(thread.id, { ...thread.ctaState, fires: thread.ctaState.fires + 1, lastFiredReply: reply, version: cta.version });
    }
    await this.deps.usage.record(principal.subject, 1, { workspaceId: thread.workspaceId, tier: status.tier, limits, before: status.usage });
    return { userMessage, message, usage, context, ...(payment && { payment }) };
  }
}
