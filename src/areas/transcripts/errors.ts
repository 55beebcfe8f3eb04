// Transcript errors, named after their wire codes.
import { EmulatorError, notFound } from '../../core/errors.js';

export const transcriptNotFound = () => notFound('Transcript');

export const transcriptLocked = () => new EmulatorError('CONFLICT', 'Transcript is locked; messages cannot be added');
