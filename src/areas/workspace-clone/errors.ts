// Workspace clone errors, named after their wire codes.
import { notFound } from '../../core/errors.js';

export const cloneJobNotFound = () => notFound('Clone job');
