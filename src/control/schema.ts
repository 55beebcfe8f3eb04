// Request shapes of the /__emulator control API (contract section 4).
import { z } from 'zod';

export const ResetSchema = z
  .object({ scenario: z.string().min(1).optional(), seed: z.number().int().min(0).max(0xffffffff).optional() })
  .strict();

/** `{name}` (and optionally `seed`) names a built-in; anything else is a whole document. */
export const ScenarioRefSchema = z.object({ name: z.string().min(1), seed: z.number().int().min(0).max(0xffffffff).optional() }).strict();

export const ClockChangeSchema = z.union([
  z.object({ advanceMs: z.number().int().nonnegative() }).strict(),
  z.object({ set: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true })]) }).strict(),
  z.object({ mode: z.enum(['manual', 'real']) }).strict(),
]);

export type ClockChange = z.infer<typeof ClockChangeSchema>;

export const TokenRequestSchema = z
  .object({ userId: z.string().min(1), expiresInSec: z.number().int().min(-31_536_000).max(31_536_000).optional() })
  .strict();

export const ScenarioBodySchema = z.record(z.string(), z.unknown());
