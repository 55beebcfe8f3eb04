// The prepared PGlite image (Node only): the data directory as it stands right after the schema and
// the undo triggers are applied, written by `npm run build` (dist/pglite-image.bin + .json, packed by
// pglite/pglite-pack.ts and gzipped), so a first in-memory PGlite skips initdb and the DDL. Missing or
// stale (another PGlite, another schema) means the usual path. Kept one folder below dist/ so its URL
// holds when bundled (bundle-dist.mjs).
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { schemaStatementsOf, tableNamesOf, type TableDef } from './table-def.js';
import { undoStatements } from './pglite/pglite-undo.js';
import { installedVersion } from './installed-version.js';

export const PGLITE_IMAGE_FILE = fileURLToPath(new URL('../pglite-image.bin', import.meta.url));
/** The files an earlier build wrote (a tarball PGlite unpacked itself): removed with the image. */
const OLD_IMAGE_FILE = fileURLToPath(new URL('../pglite-image.tgz', import.meta.url));
const META_FILE = fileURLToPath(new URL('../pglite-image.json', import.meta.url));

/** What a fresh database gets: the packed data dir holding it, and each table's primary-key columns. */
export interface PgliteImage {
  /** Still being read and unzipped (on libuv's threads) while PGlite compiles its WebAssembly. */
  packed: Promise<Uint8Array>;
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
    const packed = readFile(PGLITE_IMAGE_FILE).then((zipped) => promisify(gunzip)(zipped));
    // Awaited only once PGlite has compiled: a read that fails before then is not unhandled (the
    // boot that awaits it fails, and the usual path follows).
    packed.catch(() => undefined);
    return { packed, keys };
  } catch {
    return undefined;
  }
}

/** Build step: writes `packed` (PgliteStorage.image(), gzipped: same input, same bytes) and its stamp. */
export async function writePgliteImage(packed: Uint8Array, keys: Map<string, string[]>, tables: readonly TableDef[]): Promise<number> {
  const pglite = await installedVersion('@electric-sql/pglite');
  if (!pglite) throw new Error('@electric-sql/pglite is not installed');
  const bytes = gzipSync(packed);
  await writeFile(PGLITE_IMAGE_FILE, bytes);
  const meta: ImageMeta = { pglite, ddl: ddlHash(keys, tables), keys: [...keys] };
  await writeFile(META_FILE, JSON.stringify(meta));
  return bytes.length;
}

/** Removes the image (the build makes it afresh; a test proves the path without it). */
export async function removePgliteImage(): Promise<void> {
  await Promise.all([rm(PGLITE_IMAGE_FILE, { force: true }), rm(OLD_IMAGE_FILE, { force: true }), rm(META_FILE, { force: true })]);
}
