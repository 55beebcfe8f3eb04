// Shape limits of JSON bodies through every door on every driver (issue 12, item 3): nesting past
// 32 levels, oversized arrays and objects, reserved keys and wrongly typed message fields answer
// 400 naming the place, never 500, and change nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { JSON_LIMITS } from '../../src/core/validation.js';
import { MATRIX, expectError } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

/** `{"a":{"a":…1…}}` as text, `depth` objects deep (JSON.stringify overflows long before 100,000). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe.each(MATRIX)('bad input limits: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let key: string;
  let before: string;
  const state = async () => {
    const parts = await Promise.all(
      ['/api/v1/transcripts?limit=100', '/api/v1/transcripts/tr_refund?limit=500', '/api/v1/releases?limit=100'].map(async (path) =>
        (await door.fetch(path, { headers: { 'x-api-key': key } })).text(),
      ),
    );
    return parts.join('\n');
  };
  const send = (method: string, path: string, body: string) =>
    door.fetch(path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body });

  beforeEach(async () => {
    key = door.key('key_full');
    before = await state();
  });

  // The six routes the probe answered 500 on, each with a free-form field nested too deep.
  const routes: Array<[string, string, (deep: string) => string, string]> = [
    ['POST', '/api/v1/transcripts', (d) => `{"title":"deep","metadata":${d}}`, 'body.metadata'],
    ['POST', '/api/v1/transcripts/tr_refund/messages', (d) => `{"role":"user","content":${d}}`, 'body.content'],
    ['POST', '/embed/login', (d) => `{"userId":"u1","metadata":${d}}`, 'body.metadata'],
    ['POST', '/api/v1/releases', (d) => `{"name":"deep","config":${d}}`, 'body.config'],
    ['PATCH', '/api/v1/releases/rel_help', (d) => `{"config":${d}}`, 'body.config'],
    ['POST', '/api/v1/transcripts', (d) => `{"title":"deep","messages":[{"role":"user","content":"x","extra":${d}}]}`, 'body.messages[0].extra'],
  ];

  it.each(routes)('%s %s: nesting past the limit → 400 naming the path, at any depth', async (method, path, body, where) => {
    for (const depth of [JSON_LIMITS.maxDepth + 1, 5_000, 100_000]) {
      const res = await send(method, path, body(nested(depth)));
      const envelope = await expectError(res, 400, 'VALIDATION_ERROR');
      const issue = envelope.error.details!.issues![0]!;
      expect(issue.path.startsWith(`${where}.a`)).toBe(true);
      expect(issue.message).toBe(`Nested deeper than ${JSON_LIMITS.maxDepth} levels`);
    }
    expect(await state()).toBe(before);
  });

  it('nesting within the limit is stored and read back whole', async () => {
    const depth = JSON_LIMITS.maxDepth - 2;
    const res = await send('POST', '/api/v1/transcripts', `{"title":"deep enough","metadata":${nested(depth)}}`);
    expect(res.status).toBe(201);
    const { _id: id } = (await res.json()) as { _id: string };
    const read = (await (await door.fetch(`/api/v1/transcripts/${id}`, { headers: { 'x-api-key': key } })).json()) as { metadata: unknown };
    expect(JSON.stringify(read.metadata)).toBe(nested(depth));
  });

  it('arrays, objects and keys past their limits, and a __proto__ key → 400 naming the place', async () => {
    const many = JSON.stringify({ title: 't', metadata: { list: Array.from({ length: JSON_LIMITS.maxArrayItems + 1 }, () => 0) } });
    const list = await expectError(await send('POST', '/api/v1/transcripts', many), 400, 'VALIDATION_ERROR');
    expect(list.error.details!.issues).toEqual([{ path: 'body.metadata.list', message: `More than ${JSON_LIMITS.maxArrayItems} items` }]);
    const keys = JSON.stringify({ title: 't', metadata: Object.fromEntries(Array.from({ length: JSON_LIMITS.maxObjectKeys + 1 }, (_, i) => [`k${i}`, i])) });
    const wide = await expectError(await send('POST', '/api/v1/transcripts', keys), 400, 'VALIDATION_ERROR');
    expect(wide.error.details!.issues![0]!.path).toBe('body.metadata');
    const longKey = JSON.stringify({ title: 't', metadata: { ['k'.repeat(JSON_LIMITS.maxKeyChars + 1)]: 1 } });
    await expectError(await send('POST', '/api/v1/transcripts', longKey), 400, 'VALIDATION_ERROR');
    const proto = await expectError(await send('POST', '/api/v1/transcripts', '{"title":"t","metadata":{"__proto__":{"admin":true}}}'), 400, 'VALIDATION_ERROR');
    expect(proto.error.details!.issues).toEqual([{ path: 'body.metadata.__proto__', message: 'Reserved key' }]);
    expect(await state()).toBe(before);
  });

  it('message content must be a string or an object, timestamp epoch ms or ISO 8601 → else 400 naming the field', async () => {
    const content = await expectError(await send('POST', '/api/v1/transcripts/tr_refund/messages', JSON.stringify({ role: 'user', content: 12345 })), 400, 'VALIDATION_ERROR');
    expect(content.error.details!.issues!.map((i) => i.path)).toEqual(['body.content']);
    const stamp = await expectError(
      await send('POST', '/api/v1/transcripts/tr_refund/messages', JSON.stringify({ role: 'user', content: 'hi', timestamp: 'not-a-number' })),
      400,
      'VALIDATION_ERROR',
    );
    expect(stamp.error.details!.issues!.map((i) => i.path)).toEqual(['body.timestamp']);
    for (const path of ['/api/v1/transcripts/tr_refund/ingest-batch', '/api/v1/service-agent/transcript/tr_refund/sync']) {
      const body = path.endsWith('sync') ? { messages: [{ role: 'user', content: 12345 }] } : { items: [{ role: 'user', content: 12345 }] };
      await expectError(await send('POST', path, JSON.stringify(body)), 400, 'VALIDATION_ERROR');
    }
    expect(await state()).toBe(before);
  });
});
