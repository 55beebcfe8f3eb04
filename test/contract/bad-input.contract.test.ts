// Bad input through every door on every driver: each gets the envelope with the right status,
// and nothing in storage changes.
import { beforeEach, describe, expect, it } from 'vitest';
import { MATRIX, expectError, json } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';

describe.each(MATRIX)('bad input: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName);
  let key: string;
  let before: string;
  const state = async () => {
    const list = await door.fetch('/api/v1/transcripts?limit=100', { headers: { 'x-api-key': key } });
    const one = await door.fetch('/api/v1/transcripts/tr_refund?limit=500', { headers: { 'x-api-key': key } });
    return (await list.text()) + (await one.text());
  };
  const send = (path: string, body: string, contentType = 'application/json') =>
    door.fetch(path, { method: 'POST', headers: { 'x-api-key': key, 'content-type': contentType }, body });

  beforeEach(async () => {
    key = door.key('key_full');
    before = await state();
  });

  it('malformed JSON → 400, nothing written', async () => {
    const body = await expectError(await send('/api/v1/transcripts', '{"title": "half'), 400, 'VALIDATION_ERROR');
    expect(body.error.details?.issues).toEqual([{ path: 'body', message: 'Body is not valid JSON' }]);
    await expectError(await send('/api/v1/transcripts/tr_refund/messages', '{role:user}'), 400, 'VALIDATION_ERROR');
    expect(await state()).toBe(before);
  });

  it('a NUL in a path parameter → 400 naming it on both drivers (PostgreSQL text cannot hold U+0000)', async () => {
    for (const [method, path, param] of [
      ['GET', '/api/v1/transcripts/%00', 'params.transcriptId'],
      ['DELETE', '/api/v1/fine-tune/%00', 'params.fineTuneId'],
      ['DELETE', '/api/v1/thread-prefixes/a%00b', 'params.prefixId'],
    ] as const) {
      const body = await expectError(await door.fetch(path, { method, headers: { 'x-api-key': key } }), 400, 'VALIDATION_ERROR');
      expect(body.error.details?.issues).toEqual([{ path: param, message: 'Must not contain U+0000 (NUL)' }]);
    }
    expect(await state()).toBe(before);
  });

  it('wrong types and missing fields → 400 with each field named', async () => {
    const body = await expectError(
      await send('/api/v1/transcripts', JSON.stringify({ title: 42, locked: 'yes', messages: [{ content: 'no role' }] })),
      400,
      'VALIDATION_ERROR',
    );
    const paths = body.error.details!.issues!.map((i) => i.path).sort();
    expect(paths).toEqual(['body.locked', 'body.messages[0].role', 'body.title']);
    const missing = await expectError(await send('/api/v1/transcripts/tr_refund/messages', JSON.stringify({ role: 'user' })), 400, 'VALIDATION_ERROR');
    expect(missing.error.details!.issues!.map((i) => i.path)).toEqual(['body.content']);
    expect(await state()).toBe(before);
  });

  it('unknown enum values and read-only fields → 400', async () => {
    const role = await expectError(await send('/api/v1/transcripts/tr_refund/messages', JSON.stringify({ role: 'robot', content: 'x' })), 400, 'VALIDATION_ERROR');
    expect(role.error.details!.issues![0]!.path).toBe('body.role');
    const readOnly = await expectError(await send('/api/v1/transcripts', JSON.stringify({ _id: 'mine', messageCount: 9 })), 400, 'VALIDATION_ERROR');
    expect(readOnly.error.details!.issues!.map((i) => i.path).sort()).toEqual(['body._id', 'body.messageCount']);
    expect(await state()).toBe(before);
  });

  it('a body that is not an object, an empty body, or another content type → 400', async () => {
    await expectError(await send('/api/v1/transcripts', '[1,2]'), 400, 'VALIDATION_ERROR');
    await expectError(await send('/api/v1/transcripts', '"text"'), 400, 'VALIDATION_ERROR');
    await expectError(await send('/api/v1/transcripts', ''), 400, 'VALIDATION_ERROR');
    const type = await expectError(await send('/api/v1/transcripts', 'title=x', 'application/x-www-form-urlencoded'), 400, 'VALIDATION_ERROR');
    expect(type.error.message).toBe('Content-Type must be application/json');
    expect(await state()).toBe(before);
  });

  it('an oversized body (over 1 MiB) → 400 with the limit', async () => {
    const huge = JSON.stringify({ title: 'big', metadata: { blob: 'x'.repeat(1024 * 1024) } });
    const body = await expectError(await send('/api/v1/transcripts', huge), 400, 'VALIDATION_ERROR');
    expect(body.error.details?.maxBytes).toBe(1024 * 1024);
    expect(await state()).toBe(before);
  });

  it('out-of-range paging → 400 naming the query field', async () => {
    const headers = { 'x-api-key': key };
    const limit = await expectError(await door.fetch('/api/v1/transcripts?limit=1000', { headers }), 400, 'VALIDATION_ERROR');
    expect(limit.error.details!.issues![0]!.path).toBe('query.limit');
    await expectError(await door.fetch('/api/v1/transcripts?page=0', { headers }), 400, 'VALIDATION_ERROR');
    await expectError(await door.fetch('/api/v1/transcripts?limit=abc', { headers }), 400, 'VALIDATION_ERROR');
    const offset = await expectError(await door.fetch('/api/v1/transcripts/tr_refund?offset=-1', { headers }), 400, 'VALIDATION_ERROR');
    expect(offset.error.details!.issues![0]!.path).toBe('query.offset');
  });

  it('unknown routes and methods → 404 NOT_FOUND', async () => {
    await expectError(await door.fetch('/api/v1/nothing-here', { headers: { 'x-api-key': key } }), 404, 'NOT_FOUND');
    await expectError(await door.fetch('/api/v1/transcripts', { method: 'PUT', headers: { 'x-api-key': key } }), 404, 'NOT_FOUND');
    await expectError(await door.fetch('/api/v1/transcripts/nope', { headers: { 'x-api-key': key } }), 404, 'NOT_FOUND');
  });

  it('a failure halfway through a write leaves nothing behind', async () => {
    // The second message is invalid, so the whole create is refused before any row is written.
    const res = await send(
      '/api/v1/transcripts',
      JSON.stringify({ title: 'half', messages: [{ role: 'user', content: 'ok' }, { role: 'user', content: 7 }] }),
    );
    await expectError(res, 400, 'VALIDATION_ERROR');
    expect(await state()).toBe(before);
  });
});
