// The driver's own reading of Postgres's answers gives PGlite's messages, value for value, and leaves
// what it does not read (errors) to PGlite's parser.
import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessages, readMessages } from './pglite-messages.js';

describe('pglite messages', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
  });
  afterAll(() => pg.close());

  const answer = (sql: string) => pg.execProtocolRaw(protocol.serialize.query(sql), { syncToFs: false });

  it('reads rows as PGlite does: short and long, ASCII or not, empty, null, a leading BOM', async () => {
    const bytes = await answer(`SELECT 'abc' AS a, NULL AS b, '' AS c, repeat('x', 200) AS d, 'héllo ✓ ' || repeat('é', 40) AS e,
      E'\\uFEFFbom' AS f, 12345::bigint AS g, 1.5::float8 AS h, '{"k":[1,"ü"]}'::jsonb AS "ünï", true AS j, n
      FROM generate_series(1, 3) n`);
    const ours = readMessages(bytes);
    expect(ours).toBeDefined();
    expect(ours).toEqual(parseMessages(bytes));
    expect(ours!.filter((m) => m.name === 'dataRow')).toHaveLength(3);
    // And the same rows once typed (what the driver answers).
    const { parse } = await import('@electric-sql/pglite');
    expect(parse.parseResults(ours!, pg.parsers)).toEqual(parse.parseResults(parseMessages(bytes), pg.parsers));
  });

  it('leaves an answer holding an error to PGlite parser', async () => {
    const bytes = await answer('SELECT * FROM no_such_table');
    expect(readMessages(bytes)).toBeUndefined();
    expect(parseMessages(bytes).find((m) => m.name === 'error')).toMatchObject({ code: '42P01' });
  });
});
