// Scenario settings of www-rag (REAL-WIRE section 8): the register-sites webhook secret, where
// submitted pages are indexed, the submission pace, freshness and the denylist.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

/**
 * The webhook secret a scenario gets when it names none: `emulator-www-rag-webhook-<seed>`, the
 * scenario's seed in decimal (documented in docs/crawl-and-sync.md, so a test can sign without setup).
 */
export const defaultWwwRagSecret = (seed: number): string => `emulator-www-rag-webhook-${seed}`;

export const WwwRagSettingsSchema = lazySchema(() => z
  .object({
    /** The `x-divinci-signature` HMAC key; default `emulator-www-rag-webhook-<seed>`. */
    webhookSecret: z.string().min(1).max(500).optional(),
    /** The workspace holding the WWW RAG corpus; default the submitting user's first workspace. */
    workspaceId: z.string().min(1).max(200).optional(),
    /** Submissions per user per minute (the real limit is 10). */
    perMinute: z.number().int().positive().default(10),
    /** How long a fetched page counts as fresh (a new submission answers `already-fresh`). */
    freshMs: z.number().int().nonnegative().default(7 * 86_400_000),
    /** Pages one submission crawls: 1 re-scrapes just the URL, as the real service does. */
    pagesPerSubmission: z.number().int().min(1).max(1000).default(1),
    /** Hosts refused (`denied`): exact hosts or `*.suffix`. */
    denyHosts: z.array(z.string().min(1).max(253)).max(1000).default([]),
  })
  .strict());

export type WwwRagSettings = z.infer<typeof WwwRagSettingsSchema>;
