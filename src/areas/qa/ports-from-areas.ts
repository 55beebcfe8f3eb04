// The QA ports filled from the other areas: a release's reply from chat's own reply generator
// (ctx.area('chat').replies), releases, presets; the chat tokenizer and price table; the search's
// stemmed terms. The only file of the area that reaches outside it.
import type { AreaContext } from '../../core/area.js';
import { EmulatorError } from '../../core/errors.js';
import { assistantChain, loadTokenizer, usageOf } from '../chat/public.js';
import { textTerms } from '../rag-search/public.js';
import type { QaPorts, ReplyOutcome } from './ports.js';

export function portsFromAreas(ctx: AreaContext): QaPorts {
  const releases = () => ctx.area('releases');
  return {
    replies: {
      release: async (workspaceId, releaseId) => {
        const release = await releases().get(releaseId, workspaceId);
        if (!release) return undefined;
        const system = release.config.systemPrompt;
        return { id: release.id, name: release.name, model: assistantChain(release)[0]!.id, ...(typeof system === 'string' && { systemPrompt: system }) };
      },
      reply: async (workspaceId, releaseId, prompt, model): Promise<ReplyOutcome> => {
        const release = await releases().get(releaseId, workspaceId);
        if (!release) return { error: 'Release not found' };
        try {
          const out = await ctx.area('chat').replies.reply({ release, prompt, ...(model !== undefined && { model }) });
          return { text: out.text, model: out.assistant.id, usage: out.usage };
        } catch (err) {
          // Every assistant of the release failed (its simulateFailures): the result records it.
          if (err instanceof EmulatorError) return { error: err.message };
          throw err;
        }
      },
    },
    pricing: { count: async (text) => (await loadTokenizer()).count(text), usageOf },
    terms: textTerms,
    presets: { variants: async (workspaceId, presetId) => (await ctx.area('arena-presets').get(workspaceId, presetId))?.variants },
    raise: (event) => ctx.events.emit(event),
  };
}
