// The areas the world mounts, in order: an area may use (ctx.area) only those above it. Adding an
// area = one folder under src/areas/ exporting a `defineArea(...)` + one import and one line here.
// Their order is also the order of the tables in storage and state exports, and of the routes
// (Hono: the first match wins: transcripts and api-keys come before workspace-clone, which comes
// before members and rate-limit-requests, whose paths its clone-jobs path could shadow), and of the
// built-in scenario fields within a load step (api-keys, releases, transcripts; groups, byok,
// permissions: they draw seeded ids in that order).
import type { AnyArea } from '../core/area.js';
import { usersArea } from './users/index.js';
import { workspacesArea } from './workspaces/index.js';
import { apiKeysArea } from './api-keys/index.js';
import { transcriptsArea } from './transcripts/index.js';
import { ragTargetsArea } from './rag-targets/index.js';
import { ragArea } from './rag-files/index.js';
import { ragSearchArea } from './rag-search/index.js';
import { releasesArea } from './releases/index.js';
import { termsArea } from './terms/index.js';
import { feedbackArea } from './feedback/index.js';
import { tiersArea } from './tiers/index.js';
import { oauthArea } from './oauth/index.js';
import { embedAuthArea } from './embed-auth/index.js';
import { workspaceCloneArea } from './workspace-clone/index.js';
import { membersArea } from './members/index.js';
import { byokArea } from './byok/index.js';
import { groupsArea } from './groups/index.js';
import { permissionsArea } from './permissions/index.js';
import { configArea } from './config/index.js';
import { x402Area } from './x402/index.js';
import { chatCtaArea } from './chat-cta/index.js';
import { a2aArea } from './a2a/index.js';
import { chatArea } from './chat/index.js';
import { mcpConfigArea } from './mcp-config/index.js';
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
import { audioTranscriptsArea } from './audio-transcripts/index.js';
import { ttsArea } from './tts/index.js';
import { voiceprintsArea } from './voiceprints/index.js';
import { flaggersArea } from './flaggers/index.js';
import { analyticsArea } from './analytics/index.js';
import { mcpArea } from './mcp/index.js';
import { connectorsArea } from './connectors/index.js';
import { externalToolsArea } from './external-tools/index.js';
import { exportArea } from './export/index.js';
import { complianceArea } from './compliance/index.js';
import { onboardingArea } from './onboarding/index.js';
import { ragToolsArea } from './rag-tools/index.js';
import { notificationsArea } from './notifications/index.js';
import { htmlPagesArea } from './html-pages/index.js';

export const AREAS: AnyArea[] = [
  // the older areas, in dependency order
  usersArea,
  workspacesArea,
  apiKeysArea,
  releasesArea,
  transcriptsArea,
  ragTargetsArea,
  ragArea,
  ragSearchArea,
  termsArea,
  feedbackArea,
  tiersArea,
  oauthArea,
  embedAuthArea,
  workspaceCloneArea,
  membersArea,
  groupsArea,
  byokArea,
  permissionsArea,
  configArea,
  x402Area,
  chatCtaArea,
  a2aArea,
  chatArea,
  mcpConfigArea,
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
  audioTranscriptsArea,
  ttsArea,
  voiceprintsArea,
  flaggersArea,
  analyticsArea,
  mcpArea,
  connectorsArea,
  externalToolsArea,
  exportArea,
  complianceArea,
  onboardingArea,
  ragToolsArea,
  notificationsArea,
  htmlPagesArea,
];
