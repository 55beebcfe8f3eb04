// Wire errors of the training-data area: named after their code, built on the one error model.
import { EmulatorError, notFound } from '../../core/errors.js';

export const trainingDataNotFound = () => notFound('Training data');

/** Export, export-to-rag and fine-tune validation need a finished set. */
export const trainingDataNotReady = (id: string, status: string) =>
  new EmulatorError('CONFLICT', `Training data ${id} is ${status}; only a succeeded set can be used`, { trainingDataId: id, status });
