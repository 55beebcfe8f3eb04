// Fuzz over every fourth operation on PGlite through the MSW door: a smaller sample (the SQLite
// file runs the full one); its own file so the two run side by side.
import { MATRIX } from '../support/doors.js';
import { defineFuzzSuite } from './fuzz-suite.js';

defineFuzzSuite(MATRIX.filter((row) => row.driver === 'pglite' && row.door === 'msw'),
  4,
);
