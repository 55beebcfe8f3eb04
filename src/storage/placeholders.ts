// `?` placeholders (the portable SQL every store writes) to Postgres's `$1..$n`: PGlite and the
// PostgreSQL driver share this one translation.

/** Rewrites `?` placeholders to `$1..$n`. Our SQL never puts `?` inside string literals. */
export function toPostgres(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
