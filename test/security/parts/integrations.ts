// The tenant walk's part for the integration areas (connectors, external tools, export, compliance,
// onboarding): their rules, and A's connector, sync run, tool, export and compliance request.
import { expect } from 'vitest';
import type { SuiteDoor } from '../../support/use-door.js';
import type { TenantPart } from '../tenant-parts.js';
import { own, pub, scoped } from '../tenant-routes.js';
import type { AIds } from '../tenant-setup.js';

export const integrationsPart: TenantPart = {
  rules: {
    'GET /api/v1/connectors': own(),
    'POST /api/v1/connectors': own(() => ({ title: 'B', kind: 'notion' })),
    'GET /api/v1/connectors/:connectorId': scoped(),
    'PATCH /api/v1/connectors/:connectorId': scoped(() => ({ title: 'B' })),
    'DELETE /api/v1/connectors/:connectorId': scoped(),
    'POST /api/v1/connectors/:connectorId/sync': scoped(),
    'GET /api/v1/connectors/:connectorId/runs': scoped(),
    // `runId` names a QA run in the base walk: this route's run is `connectorRunId`.
    'GET /api/v1/connectors/:connectorId/runs/:runId': scoped(undefined, { params: { runId: 'connectorRunId' } }),
    'GET /api/v1/external-tools': own(),
    'POST /api/v1/external-tools': own(() => ({ title: 'B', name: 'b_tool', url: 'http://127.0.0.1:9/b' })),
    'GET /api/v1/external-tools/:toolId': scoped(),
    'PATCH /api/v1/external-tools/:toolId': scoped(() => ({ title: 'B' })),
    'DELETE /api/v1/external-tools/:toolId': scoped(),
    'POST /api/v1/external-tools/:toolId/test': scoped(() => ({ input: {} })),
    'GET /api/v1/export': own(),
    'POST /api/v1/export': own(() => ({ kind: 'transcripts' })),
    'GET /api/v1/export/:exportId': scoped(),
    'GET /api/v1/export/:exportId/download': scoped(),
    'GET /api/v1/compliance/requests': own(),
    'POST /api/v1/compliance/requests': own(() => ({ type: 'export', subject: { externalUserId: 'walker-a' } })),
    'GET /api/v1/compliance/requests/:requestId': scoped(),
    'GET /api/v1/compliance/requests/:requestId/download': scoped(),
    'GET /api/v1/onboarding': own(),
    'POST /api/v1/onboarding/dismiss': own(),
    'POST /api/v1/onboarding-webhook': pub('a signed inbound webhook: the HMAC of the shared secret is the credential, and it provisions a new workspace'),
  },
  async populate(door: SuiteDoor): Promise<AIds> {
    const asKey = { key: door.key('key_full') };
    const made = async (method: string, path: string, body?: unknown): Promise<string> => {
      const res = await door.call(method, path, asKey, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
      return (res.body as { _id: string })._id;
    };
    const exportId = await made('POST', '/api/v1/export', { kind: 'transcripts', format: 'csv' });
    const requestId = await made('POST', '/api/v1/compliance/requests', { type: 'export', subject: { externalUserId: 'walker-a' } });
    // Both finish on the clock, so A can download them; the sync below stays queued (nothing leaves the machine).
    expect((await door.call('POST', '/__emulator/clock', {}, { advanceMs: 2000 })).status).toBe(200);
    const connectorId = await made('POST', '/api/v1/connectors', { title: 'A site', kind: 'web', config: { urls: ['http://127.0.0.1:9/a'] } });
    const connectorRunId = await made('POST', `/api/v1/connectors/${connectorId}/sync`);
    const toolId = await made('POST', '/api/v1/external-tools', { title: 'A tool', name: 'a_tool', url: 'http://127.0.0.1:9/a', headers: { Authorization: 'Bearer private-to-a' } });
    return { exportId, requestId, connectorId, connectorRunId, toolId };
  },
};
