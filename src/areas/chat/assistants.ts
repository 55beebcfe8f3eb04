// The assistant chain of a release: its model first, then `fallbackAssistants` in order. A test
// hook, `config.simulateFailures: [assistantId...]`, makes those assistants fail with a retryable
// error, so the chain moves on and the first success answers.
import type { ReleaseRecord } from '../releases/public.js';
import { badField } from './errors.js';
import { DEFAULT_MODEL } from './usage.js';

export interface AssistantRef {
  id: string;
  finetune: boolean;
}

export interface AssistantAttempt {
  id: string;
  error: 'model_unavailable';
  retryable: true;
}

export function assistantChain(release: ReleaseRecord, choose?: string, overrideModel?: string): AssistantRef[] {
  const model = overrideModel ?? (typeof release.config.model === 'string' ? release.config.model : DEFAULT_MODEL);
  // `ft:…` names a fine-tune (releases/wire.ts): resolved to its trained model before the reply.
  const primary: AssistantRef = { id: model, finetune: model.startsWith('ft:') };
  const fallbacks = (release.fallbackAssistants ?? []).flatMap((a): AssistantRef[] =>
    typeof a.id === 'string' ? [{ id: a.id, finetune: a.finetune === true }] : [],
  );
  const chain = [primary, ...fallbacks.filter((a) => a.id !== primary.id)];
  if (choose === undefined) return chain;
  // `assistantName` picks the assistant to start with; the rest of the chain still backs it up.
  const chosen = chain.find((a) => a.id === choose);
  if (!chosen) throw badField('body.assistantName', `Not an assistant of this release; choose one of ${chain.map((a) => a.id).join(', ')}`);
  return [chosen, ...chain.filter((a) => a !== chosen)];
}

export function simulatedFailures(release: ReleaseRecord): Set<string> {
  const list = release.config.simulateFailures;
  return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
}

/** Tries the chain in order; the first assistant that does not fail answers. */
export function runChain(chain: AssistantRef[], failing: Set<string>): { assistant: AssistantRef; index: number; attempts: AssistantAttempt[] } | { attempts: AssistantAttempt[] } {
  const attempts: AssistantAttempt[] = [];
  for (const [index, assistant] of chain.entries()) {
    if (!failing.has(assistant.id)) return { assistant, index, attempts };
    attempts.push({ id: assistant.id, error: 'model_unavailable', retryable: true });
  }
  return { attempts };
}
