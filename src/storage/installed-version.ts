// Node only: the version of an installed package, found the way Node resolves it (walking up from
// here to each node_modules; some packages do not export their package.json). The build's prepared
// files (parses, the PGlite image) are stamped with these versions and ignored when they differ.
import { readTextFile } from '../native/read-text-file.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This module's folder (dist/storage/ or src/storage/): the walk starts here. */
const HERE = dirname(fileURLToPath(import.meta.url));

export async function installedVersion(name: string): Promise<string | undefined> {
  let dir = HERE;
  for (;;) {
    const text = readTextFile(join(dir, 'node_modules', name, 'package.json'));
    if (text !== undefined) return (JSON.parse(text) as { version?: string }).version;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
