// External-tool errors, named after their wire codes.
import { conflict, notFound, validationError, type ValidationIssue } from '../../core/errors.js';

export const toolNotFound = () => notFound('External tool');
export const nameTaken = (name: string) => conflict(`A tool named ${name} already exists in this workspace`, { name });
export const badToolInput = (issues: ValidationIssue[]) => validationError('Input does not match the tool’s inputSchema', issues);
export const badToolSchema = (issues: ValidationIssue[]) => validationError('Invalid inputSchema', issues);
export const unknownRelease = (index: number) => validationError('Unknown release', [{ path: `body.releaseIds.${index}`, message: 'Not a release of this workspace' }]);
