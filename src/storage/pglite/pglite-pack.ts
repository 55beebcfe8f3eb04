// A PGlite data directory packed into one buffer (the build's image, src/storage/pglite-image.ts), and
// the in-memory file system that boots from it. PGlite's own `loadDataDir` takes a tarball and unpacks
// it file by file through a JavaScript untar, looking up every parent folder of every file and setting
// each one's times: about 0.6 s of a 2 s first create. Here the files are written straight from one
// buffer: a header listing them, then their bytes, a file's trailing zeros left out (most of the WAL
// segment is zeros).
import { MemoryFS, type PGlite } from '@electric-sql/pglite';

/** PGlite's data directory in its file system (PGDATA in PGlite's initdb.ts, not exported). */
const PGDATA = '/pglite/data';

/** A folder or file of Emscripten's MEMFS: a file's bytes are `contents`, the first `usedBytes` of them. */
interface MemNode {
  node_ops: { mknod(parent: MemNode, name: string, mode: number, dev: number): MemNode };
  contents?: Uint8Array;
  usedBytes?: number;
}

/** The calls used here of PGlite's Emscripten file system (`pg.Module.FS`). */
interface PackFs {
  mkdirTree(path: string, mode?: number): void;
  lookupPath(path: string): { node: MemNode };
  readdir(path: string): string[];
  stat(path: string): { mode: number };
  isDir(mode: number): boolean;
  readFile(path: string): Uint8Array;
}

/** POSIX file types and the owner-only permissions Postgres wants on its data directory. */
const DIR_MODE = 0o040700;
const FILE_MODE = 0o100600;

/** A folder (size -1) or a file: its path below PGDATA, its size, and how many of its bytes are stored. */
type PackEntry = [path: string, size: number, stored: number];

function fsOf(pg: PGlite): PackFs {
  return pg.Module.FS as unknown as PackFs;
}

/** The data directory as it stands, folders before what they hold, in name order (the same files, the same bytes). */
export function packDataDir(pg: PGlite): Uint8Array {
  const fs = fsOf(pg);
  const entries: PackEntry[] = [];
  const chunks: Uint8Array[] = [];
  const walk = (dir: string): void => {
    for (const name of fs.readdir(PGDATA + dir).filter((n) => n !== '.' && n !== '..').sort()) {
      const path = `${dir}/${name}`;
      if (fs.isDir(fs.stat(PGDATA + path).mode)) {
        entries.push([path, -1, 0]);
        walk(path);
        continue;
      }
      const bytes = fs.readFile(PGDATA + path);
      let stored = bytes.length;
      while (stored > 0 && bytes[stored - 1] === 0) stored--;
      entries.push([path, bytes.length, stored]);
      chunks.push(bytes.subarray(0, stored));
    }
  };
  walk('');
  const header = new TextEncoder().encode(JSON.stringify(entries));
  let size = 4 + header.length;
  for (const chunk of chunks) size += chunk.length;
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  let at = 4 + header.length;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Writes a packed data directory into PGDATA (the file system must not hold one yet). Nodes are made
 * by MEMFS's own `mknod` under their parent, as `FS.mkdir` and `FS.writeFile` end up doing, without
 * their path lookups and permission checks for each of ~800 entries (a third of the unpacking).
 */
function unpack(fs: PackFs, packed: Uint8Array): void {
  const headerLength = new DataView(packed.buffer, packed.byteOffset, packed.byteLength).getUint32(0, true);
  const entries = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + headerLength))) as PackEntry[];
  let at = 4 + headerLength;
  fs.mkdirTree(PGDATA, 0o700);
  const folders = new Map<string, MemNode>([['', fs.lookupPath(PGDATA).node]]);
  for (const [path, size, stored] of entries) {
    const cut = path.lastIndexOf('/');
    const parent = folders.get(path.slice(0, cut));
    if (!parent) throw new Error(`packed data directory lists ${path} before its folder`);
    const name = path.slice(cut + 1);
    if (size < 0) {
      folders.set(path, parent.node_ops.mknod(parent, name, DIR_MODE, 0));
      continue;
    }
    if (at + stored > packed.length) throw new Error('packed data directory is cut short');
    // The file's own copy (the same pack may boot another database), its trailing zeros put back.
    const bytes = new Uint8Array(size);
    bytes.set(packed.subarray(at, at + stored));
    at += stored;
    const file = parent.node_ops.mknod(parent, name, FILE_MODE, 0);
    file.contents = bytes;
    file.usedBytes = size;
  }
}

/**
 * PGlite's in-memory file system, holding the packed data directory before Postgres starts: PGlite
 * then finds a database there and starts it, as it would one it had unpacked itself.
 */
export class PackedMemoryFS extends MemoryFS {
  constructor(private readonly packed: Uint8Array | Promise<Uint8Array>) {
    super();
  }

  override async initialSyncFs(): Promise<void> {
    unpack(fsOf(this.pg as PGlite), await this.packed);
  }
}
