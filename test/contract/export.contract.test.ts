// Exports through every door on every driver: a job moves queued → running → succeeded on the
// clock; its file downloads with the right content type and disposition (CSV parsed as RFC 4180,
// JSONL line by line, the workspace archive opened with fflate); the download expires after 24 h.
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExportJobSchema } from '../../src/types/integrations.js';
import { MATRIX } from '../support/doors.js';
import { alice, carol, dan } from '../support/identity.js';
import { useDoor } from '../support/use-door.js';

const TRICKY = 'He said "fine, thanks"\nthen left; total: 1,200';

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field), rows.push(row), (row = []), (field = ''), i++;
    } else field += ch;
  }
  return rows;
}

describe.each(MATRIX)('export: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const key = () => ({ key: door.key('key_full') });
  const advance = (advanceMs: number) => call('POST', '/__emulator/clock', {}, { advanceMs });
  const download = (id: string, headers: Record<string, string> = { 'x-api-key': door.key('key_full') }) => door.fetch(`/api/v1/export/${id}/download`, { headers });

  const finished = async (body: unknown) => {
    const res = await call('POST', '/api/v1/export', key(), body);
    expect(res.status, res.text).toBe(202);
    const job = ExportJobSchema.parse(res.body);
    expect(job.status).toBe('queued');
    await advance(500);
    expect((await call('GET', `/api/v1/export/${job._id}`, key())).body).toMatchObject({ status: 'running' });
    await advance(1000);
    return ExportJobSchema.parse((await call('GET', `/api/v1/export/${job._id}`, key())).body);
  };

  it('exports transcripts as CSV (one row per message, RFC 4180) and as JSONL with the same rows', async () => {
    expect((await call('POST', '/api/v1/transcripts/tr_refund/messages', key(), { role: 'user', content: TRICKY })).status).toBeLessThan(300);
    const early = ExportJobSchema.parse((await call('POST', '/api/v1/export', key(), { kind: 'transcripts', format: 'csv' })).body);
    expect((await download(early._id)).status).toBe(409);
    await advance(1500);
    const csvJob = ExportJobSchema.parse((await call('GET', `/api/v1/export/${early._id}`, key())).body);
    expect(csvJob).toMatchObject({ status: 'succeeded', format: 'csv', contentType: 'text/csv; charset=utf-8', downloadUrl: `/api/v1/export/${early._id}/download` });
    const res = await download(early._id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="transcripts-${early._id}.csv"`);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['source', 'transcriptId', 'title', 'releaseId', 'position', 'role', 'timestamp', 'content']);
    expect(rows.length - 1).toBe(csvJob.items);
    expect(rows.find((r) => r[7] === TRICKY)?.slice(0, 2)).toEqual(['transcript', 'tr_refund']);

    const jsonl = await finished({ kind: 'transcripts', format: 'jsonl' });
    const body = await download(jsonl._id);
    expect(body.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await body.text()).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBe(csvJob.items);
    expect(lines.find((l) => l.content === TRICKY)).toMatchObject({ source: 'transcript', transcriptId: 'tr_refund', role: 'user' });
  });

  it('filters transcripts by id and by time', async () => {
    const only = await finished({ kind: 'transcripts', format: 'jsonl', filters: { transcriptIds: ['tr_sso'] } });
    const lines = (await (await download(only._id)).text()).trim().split('\n').map((l) => JSON.parse(l) as { transcriptId: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.transcriptId))).toEqual(new Set(['tr_sso']));
    const none = await finished({ kind: 'transcripts', format: 'csv', filters: { from: '2030-01-01T00:00:00.000Z' } });
    expect(none.items).toBe(0);
  });

  it('builds a workspace archive as a real zip and lets its download expire after 24 hours', async () => {
    const job = await finished({ kind: 'workspace' });
    expect(job).toMatchObject({ format: 'zip', contentType: 'application/zip', fileName: `workspace-${job._id}.zip` });
    const res = await download(job._id);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['connectors.json', 'external-tools.json', 'rag/files.json', 'rag/targets.json', 'releases.json', 'transcripts.jsonl', 'workspace.json']);
    expect(JSON.parse(strFromU8(files['workspace.json']!))).toMatchObject({ _id: 'ws_acme', id: 'ws_acme' });
    const releases = JSON.parse(strFromU8(files['releases.json']!)) as { _id: string }[];
    expect(releases.map((r) => r._id)).toContain('rel_help');
    const targets = JSON.parse(strFromU8(files['rag/targets.json']!)) as { id: string }[];
    expect(targets.map((t) => t.id)).toEqual(expect.arrayContaining(['vec_docs', 'vec_policies']));
    expect(strFromU8(files['rag/files.json']!)).not.toContain('"raw"');
    expect(strFromU8(files['transcripts.jsonl']!)).toContain('"tr_refund"');
    expect(job.expiresAt).toBe(new Date(Date.parse(job.finishedAt!) + 86_400_000).toISOString());

    await advance(86_400_000);
    const gone = await download(job._id);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe('GONE');
    expect((await call('GET', '/api/v1/export', key())).body).toMatchObject({ total: 1 });
  });

  it('answers bad input with 400, missing scopes and roles with 403, other workspaces with 404', async () => {
    for (const body of [{ kind: 'workspace', format: 'csv' }, { kind: 'everything' }, { kind: 'transcripts', format: 'xml' }, { kind: 'transcripts', filters: { from: 'yesterday' } }, {}]) {
      const res = await call('POST', '/api/v1/export', key(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', '/api/v1/export', { key: door.key('key_rag') }, { kind: 'transcripts' })).status).toBe(403);
    expect((await call('POST', '/api/v1/export', { key: door.key('key_read') }, { kind: 'workspace' })).status).toBe(403);
    expect((await call('POST', '/api/v1/export', carol, { kind: 'transcripts' })).status).toBe(403);
    const mine = ExportJobSchema.parse((await call('POST', '/api/v1/export', { key: door.key('key_read') }, { kind: 'transcripts' })).body);
    expect((await call('GET', `/api/v1/export/${mine._id}`, dan)).status).toBe(404);
    expect((await download(mine._id, { authorization: `Bearer ${door.token('user_dan')}` })).status).toBe(404);
    expect((await call('GET', `/api/v1/export/${mine._id}`, alice)).status).toBe(200);
  });
});
