// QA errors, named after their wire codes.
import { conflict, notFound, validationError } from '../../core/errors.js';

export const suiteNotFound = () => notFound('QA suite');
export const testNotFound = () => notFound('QA test');
export const runNotFound = () => notFound('QA run');
export const releaseNotFound = () => notFound('Release');
export const presetNotFound = () => notFound('Arena preset');

export const badField = (path: string, message: string) => validationError(`Invalid ${path.split('.')[0]}`, [{ path, message }]);

export const suiteEmpty = () => badField('body.suiteId', 'The suite has no tests to run');

export const runFinished = (status: string) => conflict(`The run is already ${status}`, { status });
