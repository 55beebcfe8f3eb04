// The areas the world mounts, in order: an area may use (ctx.area) only those above it. Adding an
// area = one folder under src/areas/ exporting a `defineArea(...)` + one import and one line here.
// The areas built by the world itself (users ... chat, see ./builtin-apis.ts) come before all of them.
import type { AnyArea } from '../core/area.js';
import type {} from './builtin-apis.js';
import { rateLimitRequestsArea } from './rate-limit-requests/index.js';
import { authArea } from './auth/index.js';
import { serviceAgentArea } from './service-agent/index.js';
import { arenaPresetsArea } from './arena-presets/index.js';
import { stylePatternsArea } from './style-patterns/index.js';
import { qaArea } from './qa/index.js';
import { trainingDataArea } from './training-data/index.js';
import { fineTuneArea } from './fine-tune/index.js';
import { workspaceChatArea } from './workspace-chat/index.js';
import { threadsArea } from './threads/index.js';
import { modelEditsArea } from './model-edits/index.js';

export const AREAS: AnyArea[] = [
  rateLimitRequestsArea,
  authArea,
  serviceAgentArea,
  // one line per area, appended at the end
  arenaPresetsArea,
  stylePatternsArea,
  qaArea,
  trainingDataArea,
  fineTuneArea,
  workspaceChatArea,
  threadsArea,
  modelEditsArea,
];
