// Scenario settings of landing-page chat and the free-chat gate (REAL-WIRE section 4): the shared
// landing HMAC key (one per API environment in the real service, so one per world here) and limits.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';

/**
 * The landing key a scenario gets when it names none. Documented so a test or a local landing
 * worker can sign without configuring anything (`LANDING_PAGE_HMAC_KEY=emulator-landing-page-hmac-key`).
 */
export const DEFAULT_LANDING_SECRET = 'emulator-landing-page-hmac-key';

export const LandingSettingsSchema = lazySchema(() => z
  .object({
    /** The shared key of `X-Landing-Page-Sig`; it also signs the returned transcripts and gate tokens. */
    secret: z.string().min(1).max(500).default(DEFAULT_LANDING_SECRET),
    /** Further keys accepted on `X-Landing-Page-Sig` (a rotation in progress); `secret` always is. */
    acceptedSecrets: z.array(z.string().min(1).max(500)).max(20).default([]),
    /** Anonymous-chat turns per minute for one session id (or one client address without one). */
    perMinute: z.number().int().positive().default(30),
    /** Free-chat gate: verified messages per email per UTC day. */
    gateMessagesPerDay: z.number().int().positive().default(5),
    /** Free-chat gate: how long an emailed link and a verified token stay good (seconds). */
    gateTokenTtlSec: z.number().int().positive().default(7 * 86_400),
  })
  .strict());

export type LandingSettings = z.infer<typeof LandingSettingsSchema>;
