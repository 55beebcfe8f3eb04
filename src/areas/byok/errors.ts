// BYOK errors, named after their wire codes.
import { notFound } from '../../core/errors.js';

export const byokNotFound = () => notFound('Provider credential');
