// External tools through every door on every driver: header values are write-only (masked on
// every read), a test call checks its input against the tool's inputSchema (400 naming the field)
// and then really calls the tool (a loopback server, or an MSW-intercepted URL on the MSW door).
import { describe, expect, it } from 'vitest';
import { ExternalToolSchema, ExternalToolTestResultSchema } from '../../src/types/integrations.js';
import { MATRIX } from '../support/doors.js';
import { alice, bob, carol, dan } from '../support/identity.js';
import { useLoopbackSource } from '../support/loopback-source.js';
import { useDoor } from '../support/use-door.js';

const TOKEN = 'Bearer tool-secret-0123456789';
const SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 2 }, days: { type: 'integer', minimum: 1, maximum: 14 }, units: { enum: ['metric', 'imperial'] } },
  required: ['city'],
  additionalProperties: false,
};

describe.each(MATRIX)('external tools: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  const { call } = door;
  const tool = useLoopbackSource(doorName, (req) => {
    if (req.path.startsWith('/forecast')) return { status: 200, type: 'application/json', body: JSON.stringify({ method: req.method, path: req.path, auth: req.headers.authorization ?? null, got: req.body ? JSON.parse(req.body) : null }) };
    if (req.path === '/down') return 'network-error';
    return { status: 500, body: 'tool broke' };
  });
  const create = (body: Record<string, unknown>, as: Parameters<typeof call>[2] = alice) =>
    call('POST', '/api/v1/external-tools', as, { title: 'Weather', name: 'get_weather', description: 'Forecast for a city', inputSchema: SCHEMA, url: `${tool.base()}/forecast`, headers: { Authorization: TOKEN }, releaseIds: ['rel_help'], ...body });

  it('registers a tool whose header values never appear in an answer', async () => {
    const res = await create({});
    expect(res.status, res.text).toBe(201);
    const made = ExternalToolSchema.parse(res.body);
    expect(made).toMatchObject({ title: 'Weather', name: 'get_weather', method: 'POST', headers: { Authorization: '***' }, releaseIds: ['rel_help'], _id: made.id });
    const texts = [res.text, (await call('GET', `/api/v1/external-tools/${made._id}`, carol)).text, (await call('GET', '/api/v1/external-tools?releaseId=rel_help', bob)).text];
    for (const text of texts) expect(text).not.toContain('tool-secret');
    expect((await call('GET', '/api/v1/external-tools?releaseId=rel_public', alice)).body).toMatchObject({ data: [], total: 0 });
  });

  it('test-calls the tool for real with the stored headers and answers {status, ok, body, durationMs}', async () => {
    const made = ExternalToolSchema.parse((await create({})).body);
    const res = await call('POST', `/api/v1/external-tools/${made._id}/test`, { key: door.key('key_full') }, { input: { city: 'Paris', days: 3 } });
    expect(res.status, res.text).toBe(200);
    const result = ExternalToolTestResultSchema.parse(res.body);
    expect(result).toEqual({ status: 200, ok: true, body: { method: 'POST', path: '/forecast', auth: TOKEN, got: { city: 'Paris', days: 3 } }, durationMs: 0 });

    // A GET tool sends its input as the query; a header sent back as *** keeps the stored value.
    const patched = await call('PATCH', `/api/v1/external-tools/${made._id}`, alice, { method: 'GET', headers: { Authorization: '***', 'X-Extra': 'two' } });
    expect(patched.body).toMatchObject({ method: 'GET', headers: { Authorization: '***', 'X-Extra': '***' } });
    const get = ExternalToolTestResultSchema.parse((await call('POST', `/api/v1/external-tools/${made._id}/test`, alice, { input: { city: 'Oslo', units: 'metric' } })).body);
    expect(get.body).toEqual({ method: 'GET', path: '/forecast?city=Oslo&units=metric', auth: TOKEN, got: null });
  });

  it('reports an unreachable or failing tool in the result, not as an error of the route', async () => {
    const down = ExternalToolSchema.parse((await create({ name: 'down_tool', url: `${tool.base()}/down` })).body);
    const res = await call('POST', `/api/v1/external-tools/${down._id}/test`, alice, { input: { city: 'Rome' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 0, ok: false });
    const broken = ExternalToolSchema.parse((await create({ name: 'broken_tool', url: `${tool.base()}/broken` })).body);
    expect((await call('POST', `/api/v1/external-tools/${broken._id}/test`, alice, { input: { city: 'Rome' } })).body).toEqual({ status: 500, ok: false, body: 'tool broke', durationMs: 0 });
  });

  it('refuses input that breaks the inputSchema with 400 naming the field, and calls nothing', async () => {
    const made = ExternalToolSchema.parse((await create({})).body);
    const before = tool.received.length;
    const bad = async (input: unknown, path: string) => {
      const res = await call('POST', `/api/v1/external-tools/${made._id}/test`, alice, { input });
      expect(res.status, res.text).toBe(400);
      expect((res.body as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path)).toContain(path);
    };
    await bad({}, 'body.input.city');
    await bad({ city: 5 }, 'body.input.city');
    await bad({ city: 'Paris', days: 30 }, 'body.input.days');
    await bad({ city: 'Paris', days: 1.5 }, 'body.input.days');
    await bad({ city: 'Paris', units: 'kelvin' }, 'body.input.units');
    await bad({ city: 'Paris', other: true }, 'body.input.other');
    expect(tool.received.length).toBe(before);
  });

  it('answers bad definitions with 400, a taken name with 409, roles with 403 and other workspaces with 404', async () => {
    expect((await create({ inputSchema: { type: 'string' } })).status).toBe(400);
    expect((await create({ url: 'file:///etc/passwd' })).status).toBe(400);
    expect((await create({ name: '1bad name' })).status).toBe(400);
    expect((await create({ method: 'TRACE' })).status).toBe(400);
    expect((await create({ releaseIds: ['rel_globex'] })).status).toBe(400);
    const made = ExternalToolSchema.parse((await create({})).body);
    expect((await create({})).status).toBe(409);
    expect((await create({}, carol)).status).toBe(403);
    expect((await create({ name: 'other' }, { key: door.key('key_rag') })).status).toBe(403);
    expect((await call('GET', `/api/v1/external-tools/${made._id}`, dan)).status).toBe(404);
    expect((await call('POST', `/api/v1/external-tools/${made._id}/test`, dan, { input: { city: 'Paris' } })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/external-tools/${made._id}`, bob)).body).toEqual({ _id: made._id, id: made._id, deleted: true });
    expect((await call('GET', '/api/v1/external-tools', alice)).body).toMatchObject({ total: 0 });
  });
});
