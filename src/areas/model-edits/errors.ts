// Wire errors of the model-edits area: named after their code, built on the one error model.
import { EmulatorError, notFound } from '../../core/errors.js';

export const modelEditNotFound = () => notFound('Model edit');

export const badEditTransition = (id: string, status: string, action: string) =>
  new EmulatorError('CONFLICT', `Model edit ${id} is ${status}; it cannot ${action}`, { modelEditId: id, status });

export const nothingToExport = (filter: Record<string, unknown>) => new EmulatorError('CONFLICT', 'No model edits match the export filter', { filter });
