// Wire errors of the fine-tune area: named after their code, built on the one error model.
import { EmulatorError, notFound } from '../../core/errors.js';

export const fineTuneNotFound = () => notFound('Fine-tune job');

export const badTransition = (id: string, status: string, action: string) =>
  new EmulatorError('CONFLICT', `Fine-tune job ${id} is ${status}; it cannot ${action}`, { fineTuneId: id, status });

/** Chat through a release whose assistant names a fine-tune that cannot answer (yet). */
export const fineTuneModelUnavailable = (model: string, reason: string, status?: string) =>
  new EmulatorError('CONFLICT', `Fine-tuned model "${model}" cannot answer: ${reason}`, { model, reason, ...(status !== undefined && { status }) });

/** export-to-qa on a job whose training data holds no pairs (gone, still generating, or empty). */
export const nothingToExport = (id: string, trainingData: string) =>
  new EmulatorError('CONFLICT', `Fine-tune job ${id} has no question/answer pairs to export: its training data ${trainingData} holds none`, { fineTuneId: id, trainingData });
