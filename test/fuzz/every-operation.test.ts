// Fuzz over every operation on SQLite, through both doors (the full sample on the HTTP door).
import { MATRIX } from '../support/doors.js';
import { defineFuzzSuite } from './fuzz-suite.js';

defineFuzzSuite(MATRIX.filter((row) => row.driver === 'sqlite'));
