// A table as storage knows it: a name and portable DDL (SQLite and Postgres both accept it).
// Storage creates, dumps and undoes exactly the tables it is given; it never knows whose they are.

export interface TableDef {
  name: string;
  ddl: string;
  indexes?: string[];
}

/** The statements that create `tables` and their indexes, in order. */
export function schemaStatementsOf(tables: readonly TableDef[]): string[] {
  return tables.flatMap((t) => [t.ddl, ...(t.indexes ?? [])]);
}

/** The names of `tables`; throws on a name given twice (two areas claiming one table). */
export function tableNamesOf(tables: readonly TableDef[]): string[] {
  const names = tables.map((t) => t.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`table ${twice} is defined twice`);
  return names;
}
