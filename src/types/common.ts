// Shared building blocks (spec section 2): ids, timestamps, ResourceMetadata, PaginatedResponse<T>, ApiResponse<T>.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** Identifier fields are strings (spec section 2); the emulator never hands out an empty one. */
export const IdSchema = lazySchema(() => z.string().min(1));
export type Id = z.infer<typeof IdSchema>;

/** An ISO 8601 timestamp with a `Z` or numeric offset, e.g. `2026-01-01T00:00:00.000Z`. */
export const IsoTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));
export type IsoTimestamp = z.infer<typeof IsoTimestampSchema>;

/** Epoch milliseconds (integer), used where the spec says so. */
export const EpochMsSchema = lazySchema(() => z.number().check(z.int(), z.nonnegative()));
export type EpochMs = z.infer<typeof EpochMsSchema>;

/** A free-form JSON object (`metadata`, `documentMetadata`, `context` entries...). */
export const JsonObjectSchema = lazySchema(() => z.record(z.string(), z.unknown()));
export type JsonObject = z.infer<typeof JsonObjectSchema>;

/** `ResourceMetadata`: the shared stamps of typed resources. */
export const ResourceMetadataSchema = lazySchema(() => z.object({
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
  createdBy: IdSchema.optional(),
}));
export type ResourceMetadata = z.infer<typeof ResourceMetadataSchema>;

/** Options of the generic typed list envelope: `limit`, `cursor`, `page`. */
export const PaginationOptionsSchema = lazySchema(() => z.object({
  limit: z.number().check(z.int(), z.positive()).optional(),
  cursor: z.string().optional(),
  page: z.number().check(z.int(), z.positive()).optional(),
}));
export type PaginationOptions = z.infer<typeof PaginationOptionsSchema>;

/** `PaginatedResponse<T>` = {data: T[], hasMore, nextCursor?, total?} for the given item schema. */
export function paginatedResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
    total: z.number().check(z.int(), z.nonnegative()).optional(),
  });
}
export type PaginatedResponse<T> = {
  data: T[];
  hasMore: boolean;
  nextCursor?: string | undefined;
  total?: number | undefined;
};

/** The `error` member of `ApiResponse<T>`. */
export const ApiResponseErrorSchema = lazySchema(() => z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
}));
export type ApiResponseError = z.infer<typeof ApiResponseErrorSchema>;

/** `ApiResponse<T>` = {success, data?: T, error?: {code, message, details?}} for the given data schema. */
export function apiResponse<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    data: data.optional(),
    error: ApiResponseErrorSchema.optional(),
  });
}
export type ApiResponse<T> = {
  success: boolean;
  data?: T | undefined;
  error?: ApiResponseError | undefined;
};
