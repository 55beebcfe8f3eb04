// The tenant walk's part for flaggers, analytics and metrics: flaggers named by id are A's own;
// every list, dry run and aggregate acts on the caller's workspace.
import { expect } from 'vitest';
import type { TenantPart } from '../tenant-parts.js';
import { own, scoped } from '../tenant-routes.js';

export const flaggersAnalyticsPart: TenantPart = {
  rules: {
    'GET /api/v1/flaggers': own(),
    'POST /api/v1/flaggers': own(() => ({ title: 'B' })),
    'POST /api/v1/flaggers/dry-run': own(() => ({ flagger: { title: 'B', match: { keywords: ['b'] } }, content: 'b' })),
    'GET /api/v1/flaggers/flags': own(),
    'GET /api/v1/flaggers/:flaggerId': scoped(),
    'PATCH /api/v1/flaggers/:flaggerId': scoped(() => ({ title: 'B' })),
    'DELETE /api/v1/flaggers/:flaggerId': scoped(),
    'POST /api/v1/flaggers/:flaggerId/dry-run': scoped(() => ({ content: 'b' })),
    'GET /api/v1/analytics/summary': own(),
    'GET /api/v1/analytics/messages': own(),
    'GET /api/v1/analytics/tokens': own(),
    'GET /api/v1/analytics/feedback': own(),
    'GET /api/v1/analytics/flags': own(),
    'GET /api/v1/analytics/top-questions': own(),
    'GET /api/v1/metrics/rag': own(),
    'GET /api/v1/metrics/chat': own(),
  },
  async populate(door) {
    const res = await door.call('POST', '/api/v1/flaggers', { key: door.key('key_full') }, { title: 'A flagger', match: { keywords: ['refund'] }, flagInput: true });
    expect(res.status, res.text).toBe(201);
    return { flaggerId: (res.body as { _id: string })._id };
  },
};
