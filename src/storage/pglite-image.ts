// The prepared PGlite image (Node only): the data directory as it stands right after the schema and
// the undo triggers are applied, written by `npm run build` (dist/pglite-image.tgz + .json), so a
// first in-memory PGlite skips initdb and the DDL. Missing or stale (another PGlite, another schema)
// means the usual path. Kept one folder below dist/ so its URL holds when bundled (bundle-dist.mjs).
import { createHash } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { schemaStatementsOf, tableNamesOf, type TableDef } from './table-def.js';
import { undoStatements } from './pglite/pglite-undo.js';
import { installedVersion } from './installed-version.js';

export const PGLITE_IMAGE_FILE = fileURLToPath(new URL('../pglite-image.tgz', import.meta.url));
const META_FILE = fileURLToPath(new URL('../pglite-image.json', import.meta.url));

/** What a fresh database gets: the data dir holding it, and each table's primary-key columns. */
export interface PgliteImage {
  dataDir: Blob;
  keys: Map<string, string[]>;
}

interface ImageMeta {
  pglite: string;
  /** Hash of every statement the fresh path would run: any change to the schema or the triggers. */
  ddl: string;
  keys: [string, string[]][];
}

function ddlHash(keys: Map<string, string[]>, tables: readonly TableDef[]): string {
  return createHash('sha256')
    .update(JSON.stringify([schemaStatementsOf(tables), undoStatements(keys, tableNamesOf(tables))]))
    .digest('hex');
}

/** The build's image when it matches the installed PGlite and this table list; else undefined. */
export async function readPgliteImage(tables: readonly TableDef[]): Promise<PgliteImage | undefined> {
  try {
    const meta = JSON.parse(await readFile(META_FILE, 'utf8')) as ImageMeta;
    const keys = new Map(meta.keys);
    if (meta.ddl !== ddlHash(keys, tables)) return undefined;
    if (meta.pglite !== (await installedVersion('@electric-sql/pglite'))) return undefined;
    return { dataDir: await openAsBlob(PGLITE_IMAGE_FILE), keys };
  } catch {
    return undefined;
  }
}

/** Build step: writes `image` (a gzipped data-dir tarball from PGlite's dumpDataDir) and its stamp. */
export async function writePgliteImage(dataDir: Blob, keys: Map<string, string[]>, tables: readonly TableDef[]): Promise<number> {
  const pglite = await installedVersion('@electric-sql/pglite');
  if (!pglite) throw new Error('@electric-sql/pglite is not installed');
  const bytes = new Uint8Array(await dataDir.arrayBuffer());
  await writeFile(PGLITE_IMAGE_FILE, bytes);
  const meta: ImageMeta = { pglite, ddl: ddlHash(keys, tables), keys: [...keys] };
  await writeFile(META_FILE, JSON.stringify(meta));
  return bytes.length;
}

/** Removes the image (the build makes it afresh; a test proves the path without it). */
export async function removePgliteImage(): Promise<void> {
  await Promise.all([rm(PGLITE_IMAGE_FILE, { force: true }), rm(META_FILE, { force: true })]);
}
