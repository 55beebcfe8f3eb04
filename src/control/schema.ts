// Request shapes of the /__emulator control API (contract section 4).
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';

export const ResetSchema = lazySchema(() => z
  .strictObject({ scenario: z.string().min(1).optional(), seed: z.number().check(z.int(), z.gte(0), z.lte(0xffffffff)).optional() }));

/** `{name}` (and optionally `seed`) names a built-in; anything else is a whole document. */
export const ScenarioRefSchema = lazySchema(() => z.strictObject({ name: z.string().min(1), seed: z.number().check(z.int(), z.gte(0), z.lte(0xffffffff)).optional() }));

export const ClockChangeSchema = lazySchema(() => z.union([
  z.strictObject({ advanceMs: z.number().check(z.int(), z.nonnegative()) }),
  z.strictObject({ set: z.union([z.number().check(z.int(), z.nonnegative()), z.iso.datetime({ offset: true })]) }),
  z.strictObject({ mode: z.enum(['manual', 'real']) }),
]));

export type ClockChange = z.infer<typeof ClockChangeSchema>;

export const TokenRequestSchema = lazySchema(() => z
  .strictObject({ userId: z.string().min(1), expiresInSec: z.number().check(z.int(), z.gte(-31_536_000), z.lte(31_536_000)).optional() }));

export const ScenarioBodySchema = lazySchema(() => z.record(z.string(), z.unknown()));
