// The shape diff on small bodies: what counts as a difference and what is only data.
import { describe, expect, it } from 'vitest';
import { compareBodies } from './diff.js';
import { hintsFor } from './schema-hints.js';
import { masker } from './report.js';
import { assertReadOnly, buildRequest, SUITE } from './suite.js';

const none = new Map();

/** A tiny OpenAPI document: one route whose answer has an enum, an optional field and a record. */
const openApi = {
  paths: { '/things': { get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/List' } } } } } } } },
  components: {
    schemas: {
      List: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } }, required: ['data'] },
      Thing: {
        type: 'object',
        properties: {
          _id: { type: 'string' },
          status: { type: 'string', enum: ['draft', 'active'] },
          note: { type: 'string' },
          tags: { type: 'object', additionalProperties: { type: 'string' } },
          owner: { anyOf: [{ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }, { type: 'null' }] },
        },
        required: ['_id', 'status', 'tags', 'owner'],
      },
    },
  },
};
const hints = hintsFor(openApi, 'GET', '/things', 200);

describe('compareBodies', () => {
  it('compares shapes, not values', () => {
    expect(compareBodies({ id: 'a', n: 1, list: ['x'] }, { id: 'b', n: 2, list: ['y', 'z'] }, none)).toEqual([]);
  });

  it('finds missing and extra fields and changed types, with paths through arrays', () => {
    const diffs = compareBodies({ docs: [{ title: 't', n: 1 }] }, { docs: [{ n: '1', extra: null }] }, none);
    expect(diffs).toEqual([
      { kind: 'missing', field: 'docs[].title', emulator: 'string' },
      { kind: 'type', field: 'docs[].n', emulator: 'number', target: 'string' },
      { kind: 'extra', field: 'docs[].extra', target: 'null' },
    ]);
  });

  it('does not look inside an empty list, nor below a changed type', () => {
    expect(compareBodies({ docs: [] }, { docs: [{ a: 1 }] }, none)).toEqual([]);
    expect(compareBodies({ a: { b: 1 } }, { a: 'x' }, none)).toEqual([{ kind: 'type', field: 'a', emulator: 'object', target: 'string' }]);
  });

  it('takes a field some of the emulator’s items lack as optional', () => {
    expect(compareBodies({ docs: [{ a: 1, d: 'x' }, { a: 2 }] }, { docs: [{ a: 3 }] }, none)).toEqual([]);
  });

  it('reads enums, optional fields, records and nullable objects from the schema', () => {
    const emulator = { data: [{ _id: '1', status: 'active', note: 'n', tags: { a: 'b' }, owner: { id: 'u' } }] };
    const target = { data: [{ _id: '2', status: 'launched', tags: { other: 'c' }, owner: null }] };
    expect(compareBodies(emulator, target, hints)).toEqual([{ kind: 'enum', field: 'data[].status', emulator: 'one of "active", "draft"', target: '"launched"' }]);
  });

  it('reports a type the schema does not allow, even where the emulator showed none', () => {
    const emulator = { data: [{ _id: '1', status: 'draft', tags: {}, owner: null }] };
    const target = { data: [{ _id: '2', status: 'draft', tags: {}, owner: null, note: 5 }] };
    expect(compareBodies(emulator, target, hints)).toEqual([{ kind: 'type', field: 'data[].note', emulator: 'string', target: 'number' }]);
  });
});

describe('the suite', () => {
  it('holds only GETs and the read-only POSTs, and refuses anything else', () => {
    for (const step of SUITE) expect(() => assertReadOnly(step.method, step.route)).not.toThrow();
    expect(SUITE.filter((s) => s.method === 'POST').map((s) => s.route)).toEqual(['/api/v1/auth/validate-key', '/api/v1/rag/context']);
    expect(() => assertReadOnly('POST', '/api/v1/releases')).toThrow(/refuses POST/);
    expect(() => assertReadOnly('DELETE', '/api/v1/releases/{releaseId}')).toThrow(/refuses DELETE/);
  });

  it('addresses a get by the first item of its own side’s list', () => {
    const step = SUITE.find((s) => s.id === 'releases.get')!;
    expect(buildRequest(step, new Map([['releases.list', { data: [{ _id: 'rel_9' }] }]]))).toEqual({ method: 'GET', path: '/api/v1/releases/rel_9', auth: 'key' });
    expect(buildRequest(step, new Map([['releases.list', { data: [] }]]))).toEqual({ missing: 'releaseId', from: 'releases.list' });
  });
});

describe('masker', () => {
  it('hides a key in every form it may be printed in', () => {
    const mask = masker(['svc_secret"value']);
    expect(mask('a svc_secret"value b svc_secret\\"value c svc_secret%22value')).not.toMatch(/secret/);
  });
});
