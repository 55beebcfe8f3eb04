// Workspace A (ws_acme of the default scenario) filled through its own credentials with one of
// every workspace-owned resource the route table names, so the tenant walk has a real id for each.
import { expect } from 'vitest';
import type { SuiteDoor } from '../support/use-door.js';

/** A's resource ids by the path parameter (or probe) that names them. */
export type AIds = Record<string, string>;

/** A's ids the default scenario seeds. */
const SEEDED: AIds = {
  workspaceId: 'ws_acme',
  transcriptId: 'tr_refund',
  fileId: 'file_security',
  collectionId: 'vec_docs',
  vectorId: 'vec_docs',
  ragGroupId: 'grp_support',
  keyId: 'key_read',
  userId: 'user_bob',
  releaseId: 'rel_help',
  whitelabelId: 'rel_help',
  version: '1',
  /** B's own release, for probes that reach from B's resources into A's. */
  bReleaseId: 'rel_globex',
};

/** Every id of A that must never leak: the seeded ones and the default scenario's others. */
export const A_PRIVATE = ['ws_acme', 'tr_refund', 'tr_sso', 'tr_sync', 'vec_docs', 'vec_policies', 'grp_support', 'file_security', 'file_billing', 'key_full', 'key_read', 'key_rag'];

export const A_EXTERNAL_USER = 'walker-a';

export async function populateA(door: SuiteDoor): Promise<AIds> {
  const key = door.key('key_full');
  const asKey = { key };
  const asEndUser = { key, headers: { 'x-external-user-id': A_EXTERNAL_USER } };
  const alice = { user: 'user_alice' };
  const made = async (method: string, path: string, as: Parameters<SuiteDoor['call']>[2], body?: unknown): Promise<Record<string, unknown>> => {
    const res = await door.call(method, path, as, body);
    expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    return res.body as Record<string, unknown>;
  };
  const idOf = (body: Record<string, unknown>, ...fields: string[]): string => {
    for (const field of fields) if (typeof body[field] === 'string') return body[field] as string;
    throw new Error(`no id in ${JSON.stringify(body)}`);
  };

  const session = await made('POST', '/api/v1/service-agent/transcript', asKey, { sessionId: 'walk-session-a' });
  await made('POST', `/api/v1/service-agent/transcript/${idOf(session, '_id')}/sync`, asKey, { messages: [{ role: 'user', content: 'private to A' }] });
  const byok = await made('POST', '/api/v1/byok', asKey, { provider: 'openai', key: 'sk-private-to-a-0001' });
  const group = await made('POST', '/api/v1/groups', alice, { name: 'A support staff' });
  await made('POST', `/api/v1/groups/${idOf(group, 'id')}/invite`, alice, { email: 'staff@acme.example' });
  const grant = await made('POST', '/api/v1/permissions/grant', alice, { resource: 'release:rel_help', principal: 'user:user_carol', role: 'editor' });
  const terms = await made('POST', '/api/v1/terms', alice, { title: 'A terms', content: 'Be nice.', releaseId: 'rel_help' });
  await made('POST', `/api/v1/terms/${idOf(terms, 'id')}/publish`, alice, {});
  const feedback = await made('POST', '/api/v1/feedback', asEndUser, { releaseId: 'rel_help', messageRef: 'msg_walk', sentiment: -1, feedback: 'private to A' });
  const clone = await made('POST', '/api/v1/workspaces/ws_acme/clone', alice, { name: 'Acme copy' });
  const request = await made('POST', '/api/v1/workspaces/ws_acme/rate-limit-requests', alice, { keyId: 'key_full', requestsPerMinute: 120 });
  await made('PUT', '/api/v1/releases/rel_help/cta', alice, {
    cta: { title: 'A offer', teaserText: 'Private to A', triggerKeywords: ['offer'], ctaType: 'email-gated-download', assetUrl: 'https://cdn.example.com/a.pdf', buttonLabel: 'Get it' },
  });
  await made('PATCH', '/api/v1/releases/rel_help', alice, { mcpConfig: { enabled: true, allowAnonymousMcp: false } });
  const thread = await made('POST', '/api/v1/chat/threads', asEndUser, { releaseId: 'rel_help', title: 'A private thread' });
  const suite = await made('POST', '/api/v1/qa/suites', alice, { title: 'A suite', tests: [{ question: 'Private to A?', expectedAnswer: 'Yes.' }] });
  const suiteId = idOf(suite, '_id');
  const qaRun = await made('POST', '/api/v1/qa/runs', asKey, { suiteId, releaseId: 'rel_help' });
  const trustRun = await made('POST', '/api/v1/trust/runs', asKey, { suiteId, releaseId: 'rel_help' });
  const preset = await made('POST', '/api/v1/arena-presets', alice, { title: 'A preset', variants: [{ releaseId: 'rel_help' }, { releaseId: 'rel_public' }] });
  const pattern = await made('POST', '/api/v1/style-patterns', alice, { title: 'A style', rules: ['Private to A.'], releaseIds: ['rel_help'] });
  const trainingData = await made('POST', '/api/v1/training-data/generate', asKey, { fileIds: ['file_security'] });
  const fineTune = await made('POST', '/api/v1/fine-tune', asKey, { baseModel: 'gpt-4o-mini', trainingData: idOf(trainingData, '_id') });
  const prefix = await made('POST', '/api/v1/thread-prefixes', asKey, { prefix: ['Private to A'] });
  const edit = await made('POST', '/api/v1/model-edits', asKey, { releaseId: 'rel_help', prompt: 'Private to A?', correctedReply: 'Yes, private.' });
  // One source: queued 1 s, then read 2 s later; the set is then exportable.
  await door.fetch('/__emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 3000 }) });
  const upload = (await door.call('POST', '/api/v1/rag/presigned', asKey, [{ byteSize: 5, filename: 'a.txt' }])).body as unknown as Record<string, unknown>[];
  return {
    ...SEEDED,
    sessionTranscriptId: idOf(session, '_id'),
    byokId: idOf(byok, 'id'),
    workspaceGroupId: idOf(group, 'id'),
    grantId: idOf(grant, 'id'),
    tosId: idOf(terms, 'id'),
    feedbackId: idOf(feedback, 'id'),
    jobId: idOf(clone, 'jobId'),
    requestId: idOf(request, 'id'),
    threadId: idOf(thread, 'id', '_id'),
    trainingDataId: idOf(trainingData, '_id'),
    fineTuneId: idOf(fineTune, '_id'),
    prefixId: idOf(prefix, '_id'),
    editId: idOf(edit, '_id'),
    uploadId: idOf(upload[0] as Record<string, unknown>, 'uploadId'),
    fileKey: idOf(upload[0] as Record<string, unknown>, 'fileKey'),
    suiteId,
    testId: idOf((suite.tests as Record<string, unknown>[])[0] as Record<string, unknown>, '_id'),
    runId: idOf(qaRun, '_id'),
    trustRunId: idOf(trustRun, '_id'),
    presetId: idOf(preset, '_id'),
    patternId: idOf(pattern, '_id'),
  };
}
