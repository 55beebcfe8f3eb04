// Wire errors of the audio-transcripts area: named after their code, built on the one error model.
import { EmulatorError, notFound } from '../../core/errors.js';

export const audioNotFound = () => notFound('Audio transcript');

/** generate-rag before the transcript exists (or after it failed). */
export const notTranscribed = (id: string, status: string) =>
  new EmulatorError('CONFLICT', `Audio transcript ${id} is ${status}; only a completed transcript can be indexed`, { audioId: id, status });
