// Token counts with a real BPE tokenizer (gpt-tokenizer, o200k_base) and the emulator's price
// table, from which every ChatUsage is computed.

export interface Tokenizer {
  count(text: string): number;
  encode(text: string): number[];
  decode(tokens: number[]): string;
}

let loaded: Promise<Tokenizer> | undefined;
const PLAIN = { disallowedSpecial: new Set<string>() };

/** Loaded once on first use: its tables take a moment, and browser bundles need not carry them. */
export function loadTokenizer(): Promise<Tokenizer> {
  loaded ??= import('gpt-tokenizer').then((mod) => ({
    // Special tokens a user types (`<|endoftext|>`) are plain text, never a refusal.
    count: (text: string) => mod.countTokens(text, PLAIN),
    encode: (text: string) => mod.encode(text, PLAIN),
    decode: (tokens: number[]) => mod.decode(tokens),
  }));
  return loaded;
}

/** The model a release answers with when its config names none. */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/** USD per million tokens, input then output (emulator-defined list prices). */
export const PRICE_TABLE: Record<string, { input: number; output: number }> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'claude-3-5-sonnet': { input: 3, output: 15 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
  'gemini-1.5-pro': { input: 1.25, output: 5 },
  'gemini-1.5-flash': { input: 0.075, output: 0.3 },
};

/** Any model not in the table (fine-tunes, custom ids) is priced at this rate. */
export const DEFAULT_PRICE = { input: 1, output: 3 };

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  estimatedCostUsd: number;
}

export function priceOf(model: string): { input: number; output: number } {
  return PRICE_TABLE[model] ?? DEFAULT_PRICE;
}

export function usageOf(model: string, promptTokens: number, completionTokens: number): ChatUsage {
  const price = priceOf(model);
  const cost = (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    // Rounded to a billionth of a dollar so the number prints the same everywhere.
    estimatedCostUsd: Math.round(cost * 1e9) / 1e9,
  };
}
