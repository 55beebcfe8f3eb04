// Request shapes of the x402 reads (emulator-defined paths; records in src/types/x402.ts).
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { X402PaymentRecordSchema } from '../../types/x402.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';

export const PaymentListQuerySchema = PageQuerySchema;
export const PaymentListSchema = lazySchema(() => pageSchema(X402PaymentRecordSchema));
export const PaymentParamsSchema = lazySchema(() => z.object({ txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A 32-byte hex transaction hash') }));
export const ToolParamsSchema = lazySchema(() => z.object({ toolName: z.string().check(z.minLength(1), z.maxLength(200)) }));
