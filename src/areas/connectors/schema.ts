// Connector route schemas (emulator-defined): the public shapes live in src/types/integrations.ts.
import { z } from 'zod';
import { lazySchema } from '../../types/lazy-schema.js';
import { validationError } from '../../core/errors.js';
import { PageQuerySchema, pageSchema } from '../workspaces/public.js';
import { ConnectorSchema, ConnectorSyncRunSchema, type ConnectorConfig, type ConnectorKind } from '../../types/integrations.js';

export const ConnectorParamsSchema = lazySchema(() => z.object({ connectorId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const RunParamsSchema = lazySchema(() => z.object({ connectorId: z.string().check(z.minLength(1), z.maxLength(200)), runId: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const ConnectorListQuerySchema = PageQuerySchema;
export const ConnectorListSchema = lazySchema(() => pageSchema(ConnectorSchema));
export const RunListSchema = lazySchema(() => pageSchema(ConnectorSyncRunSchema));
export const ConnectorDeletedSchema = lazySchema(() => z.object({ _id: z.string(), id: z.string(), deleted: z.literal(true) }));

/** What each syncing kind needs in its config (checked on create and on every update). */
export function checkConfig(kind: ConnectorKind, config: ConnectorConfig): void {
  if (kind === 'web' && !config.urls?.length) throw validationError('Invalid connector', [{ path: 'body.config.urls', message: 'A web connector needs at least one URL' }]);
  if (kind === 'http-json' && !config.url) throw validationError('Invalid connector', [{ path: 'body.config.url', message: 'An http-json connector needs the URL of its JSON documents' }]);
}
