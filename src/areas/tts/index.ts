// The tts area: text-to-speech voices and deterministic speech synthesis (no state of its own).
import { defineArea } from '../../core/area.js';
import { ttsRoutes } from './routes.js';

export const ttsArea = defineArea<undefined>({
  name: 'tts',
  create: () => undefined,
  routes: () => ttsRoutes(),
});
