// API-key errors, named after their wire codes.
import { notFound } from '../../core/errors.js';

export const keyNotFound = () => notFound('API key');
