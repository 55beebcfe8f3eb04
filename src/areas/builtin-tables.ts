// The tables of the areas the world still builds itself (areas/builtin-apis.ts), in a fixed order:
// state exports list tables in this order. An area in the list (./index.ts) brings its own.
import type { TableDef } from '../storage/table-def.js';
import { USERS_TABLES } from './users/tables.js';
import { WORKSPACES_TABLES } from './workspaces/tables.js';
import { API_KEYS_TABLES } from './api-keys/tables.js';
import { TRANSCRIPTS_TABLES } from './transcripts/tables.js';
import { RAG_TARGETS_TABLES } from './rag-targets/tables.js';
import { RAG_FILES_TABLES } from './rag-files/tables.js';
import { RELEASES_TABLES } from './releases/tables.js';
import { EMBED_AUTH_TABLES } from './embed-auth/tables.js';
import { TIERS_TABLES } from './tiers/tables.js';
import { WORKSPACE_CLONE_TABLES } from './workspace-clone/tables.js';
import { BYOK_TABLES } from './byok/tables.js';
import { GROUPS_TABLES } from './groups/tables.js';
import { PERMISSIONS_TABLES } from './permissions/tables.js';
import { CHAT_TABLES } from './chat/tables.js';
import { CHAT_CTA_TABLES } from './chat-cta/tables.js';
import { A2A_TABLES } from './a2a/tables.js';
import { X402_TABLES } from './x402/tables.js';
import { OAUTH_TABLES } from './oauth/tables.js';
import { TERMS_TABLES } from './terms/tables.js';
import { FEEDBACK_TABLES } from './feedback/tables.js';

export const BUILTIN_AREA_TABLES: TableDef[] = [
  ...USERS_TABLES,
  ...WORKSPACES_TABLES,
  ...API_KEYS_TABLES,
  ...TRANSCRIPTS_TABLES,
  ...RAG_TARGETS_TABLES,
  ...RAG_FILES_TABLES,
  ...RELEASES_TABLES,
  ...EMBED_AUTH_TABLES,
  ...TIERS_TABLES,
  ...WORKSPACE_CLONE_TABLES,
  ...BYOK_TABLES,
  ...GROUPS_TABLES,
  ...PERMISSIONS_TABLES,
  ...CHAT_TABLES,
  ...CHAT_CTA_TABLES,
  ...A2A_TABLES,
  ...X402_TABLES,
  ...OAUTH_TABLES,
  ...TERMS_TABLES,
  ...FEEDBACK_TABLES,
];
