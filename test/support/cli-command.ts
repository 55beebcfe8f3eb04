// The node arguments that run the service-emulator command in the tests: the built bin (dist/, as a
// user runs it) when dist/ is current, else src/ through tsx. A tsx start transpiles the command's
// ~450 modules: 3-5 s on a busy 2-core machine against ~1 s for the built bin, and the command tests
// start it ~60 times.
import { join } from 'node:path';
import { DIST_IS_CURRENT, REPO_ROOT } from './built-dist.js';

/** Arguments to `process.execPath` before the command's own: `[...CLI, 'serve', '--port', '0']`. */
export const CLI: readonly string[] = DIST_IS_CURRENT ? [join(REPO_ROOT, 'dist/cli/main.js')] : ['--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts')];
