// Connectors through every door on every driver: a web and an http-json connector sync for real
// (a loopback server on the HTTP door, an MSW-intercepted URL on the MSW door) into the RAG
// pipeline, skip unchanged documents, fail one item without failing the run; third-party kinds
// keep credentials write-only and answer 409; bad input changes nothing.
import { describe, expect, it } from 'vitest';
import { ConnectorSchema, ConnectorSyncRunSchema } from '../../src/types/integrations.js';
import { MATRIX } from '../support/doors.js';
import { alice, carol, dan } from '../support/identity.js';
import { useLoopbackSource } from '../support/loopback-source.js';
import { useDoor } from '../support/use-door.js';

const PAGE = '<html><head><title>Refunds</title></head><body><h1>Refund policy</h1><p>Refunds are paid within 30 days of a return.</p></body></html>';

describe.each(MATRIX)('connectors: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  let docs: { title: string; content: string; sourceUrl?: string }[] = [];
  const source = useLoopbackSource(doorName, (req) => {
    if (req.path === '/pages/refunds') return { status: 200, type: 'text/html; charset=utf-8', body: PAGE };
    if (req.path === '/docs.json') return { status: 200, type: 'application/json', body: JSON.stringify(docs) };
    if (req.path === '/down') return 'network-error';
    return { status: 404, body: 'not here' };
  });
  const advance = (advanceMs: number) => call('POST', '/__emulator/clock', {}, { advanceMs });
  const key = () => ({ key: door.key('key_full') });

  it('syncs a web connector: each URL is an item, a missing page fails that item, not the run', async () => {
    const made = await call('POST', '/api/v1/connectors', alice, {
      title: 'Help site',
      kind: 'web',
      ragVectorId: 'vec_docs',
      config: { urls: [`${source.base()}/pages/refunds`, `${source.base()}/missing`, `${source.base()}/down`] },
    });
    expect(made.status, made.text).toBe(201);
    const connector = ConnectorSchema.parse(made.body);
    expect(connector).toMatchObject({ title: 'Help site', kind: 'web', ragVectorId: 'vec_docs', workspaceId: 'ws_acme', hasCredentials: false, _id: connector.id });

    const sync = await call('POST', `/api/v1/connectors/${connector._id}/sync`, key());
    expect(sync.status, sync.text).toBe(202);
    const queued = ConnectorSyncRunSchema.parse(sync.body);
    expect(queued).toMatchObject({ status: 'queued', itemsFound: 0 });
    expect((await call('POST', `/api/v1/connectors/${connector._id}/sync`, key())).status).toBe(409);

    await advance(1000);
    const run = ConnectorSyncRunSchema.parse((await call('GET', `/api/v1/connectors/${connector._id}/runs/${queued._id}`, alice)).body);
    expect(run).toMatchObject({ status: 'succeeded', itemsFound: 3, itemsIngested: 1, itemsSkipped: 0, itemsFailed: 2 });
    expect(run.errors.map((e) => e.item)).toEqual([`${source.base()}/missing`, `${source.base()}/down`]);
    expect(run.errors[0]!.message).toBe('HTTP 404');
    expect(source.received.some((r) => r.path === '/pages/refunds' && r.method === 'GET')).toBe(true);

    await advance(5000);
    const file = await call('GET', `/api/v1/rag/files/${run.fileIds[0]}`, key());
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({ sourceUrl: `${source.base()}/pages/refunds`, status: 'completed' });
    const listed = (await call('GET', `/api/v1/connectors/${connector._id}/runs`, alice)).body as { data: unknown[]; total: number };
    expect(listed.total).toBe(1);
    expect((await call('GET', `/api/v1/connectors/${connector._id}`, alice)).body).toMatchObject({ lastSyncStatus: 'succeeded' });
  });

  it('syncs http-json documents, skips unchanged ones by content hash and replaces changed ones', async () => {
    docs = [
      { title: 'Shipping', content: 'Orders ship within two business days.', sourceUrl: 'https://example.com/shipping' },
      { title: 'Warranty', content: 'Every device carries a two-year warranty.' },
    ];
    const connector = ConnectorSchema.parse((await call('POST', '/api/v1/connectors', key(), { title: 'Docs feed', kind: 'http-json', config: { url: `${source.base()}/docs.json` } })).body);
    expect(connector.ragVectorId).toBe('vec_docs');
    const runOf = async () => {
      const started = ConnectorSyncRunSchema.parse((await call('POST', `/api/v1/connectors/${connector._id}/sync`, key())).body);
      await advance(1000);
      return ConnectorSyncRunSchema.parse((await call('GET', `/api/v1/connectors/${connector._id}/runs/${started._id}`, key())).body);
    };
    const first = await runOf();
    expect(first).toMatchObject({ status: 'succeeded', itemsFound: 2, itemsIngested: 2, itemsSkipped: 0, itemsFailed: 0 });
    const second = await runOf();
    expect(second).toMatchObject({ itemsFound: 2, itemsIngested: 0, itemsSkipped: 2, fileIds: [] });

    docs[1] = { title: 'Warranty', content: 'Every device now carries a three-year warranty.' };
    const third = await runOf();
    expect(third).toMatchObject({ itemsFound: 2, itemsIngested: 1, itemsSkipped: 1 });
    // The changed document's earlier file left the index; the new one replaced it.
    expect((await call('GET', `/api/v1/rag/files/${first.fileIds[1]}`, key())).status).toBe(404);
    expect((await call('GET', `/api/v1/rag/files/${third.fileIds[0]}`, key())).body).toMatchObject({ title: 'Warranty' });
  });

  it('stores third-party connectors with write-only credentials and refuses their sync with 409', async () => {
    const res = await call('POST', '/api/v1/connectors', alice, { title: 'Drive', kind: 'google-drive', config: { resource: 'folder-1' }, credentials: { refreshToken: 'gd-secret-token-123' } });
    expect(res.status).toBe(201);
    expect(res.text).not.toContain('gd-secret-token-123');
    expect(res.body).toMatchObject({ hasCredentials: true, kind: 'google-drive' });
    const id = (res.body as { _id: string })._id;
    const sync = await call('POST', `/api/v1/connectors/${id}/sync`, alice);
    expect(sync.status).toBe(409);
    expect(sync.body).toMatchObject({ error: { code: 'CONNECTOR_NOT_AUTHORIZED' } });
    const cleared = await call('PATCH', `/api/v1/connectors/${id}`, alice, { credentials: null, title: 'Drive (off)' });
    expect(cleared.body).toMatchObject({ hasCredentials: false, title: 'Drive (off)' });
    expect((await call('DELETE', `/api/v1/connectors/${id}`, alice)).body).toEqual({ _id: id, id, deleted: true });
    expect((await call('GET', `/api/v1/connectors/${id}`, alice)).status).toBe(404);
  });

  it('answers bad input with 400 naming the field, roles and scopes with 403, other workspaces with 404', async () => {
    const bad = async (body: unknown, path: string) => {
      const res = await call('POST', '/api/v1/connectors', alice, body);
      expect(res.status, res.text).toBe(400);
      expect(JSON.stringify(res.body)).toContain(path);
    };
    await bad({ title: 'x', kind: 'ftp' }, 'kind');
    await bad({ title: 'x', kind: 'web' }, 'body.config.urls');
    await bad({ title: 'x', kind: 'web', config: { urls: ['ftp://example.com/a'] } }, 'config.urls');
    await bad({ title: 'x', kind: 'http-json', config: {} }, 'body.config.url');
    await bad({ title: '', kind: 'notion' }, 'title');
    await bad({ title: 'x', kind: 'notion', extra: 1 }, 'body');
    expect((await call('POST', '/api/v1/connectors', alice, { title: 'x', kind: 'notion', ragVectorId: 'vec_nope' })).status).toBe(404);
    expect((await call('POST', '/api/v1/connectors', carol, { title: 'x', kind: 'notion' })).status).toBe(403);
    expect((await call('POST', '/api/v1/connectors', { key: door.key('key_read') }, { title: 'x', kind: 'notion' })).status).toBe(403);
    expect((await call('GET', '/api/v1/connectors', alice)).body).toMatchObject({ data: [], total: 0 });
    const mine = (await call('POST', '/api/v1/connectors', { key: door.key('key_rag') }, { title: 'Wiki', kind: 'notion' })).body as { _id: string };
    expect((await call('GET', `/api/v1/connectors/${mine._id}`, dan)).status).toBe(404);
    expect((await call('POST', `/api/v1/connectors/${mine._id}/sync`, dan)).status).toBe(404);
    expect((await call('GET', `/api/v1/connectors/${mine._id}/runs/nope`, alice)).status).toBe(404);
  });
});
