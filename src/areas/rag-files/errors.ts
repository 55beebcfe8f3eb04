// RAG file errors, named after their wire codes.
import { notFound, validationError, type ValidationIssue } from '../../core/errors.js';

export const fileNotFound = () => notFound('File');

export const uploadNotFound = () => notFound('Upload');

export const badUpload = (message: string, issues: ValidationIssue[], extra: Record<string, unknown> = {}) => validationError(message, issues, extra);
