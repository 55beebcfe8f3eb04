// Rate-limit request errors, named after their wire codes.
import { conflict, forbidden, notFound } from '../../core/errors.js';

export const requestNotFound = () => notFound('Rate-limit request');

export const keyNotFound = () => notFound('API key');

export const keyNotActive = (keyId: string) => conflict('The API key is not active', { keyId });

export const alreadyDecided = (status: string) => conflict(`The request was already ${status}`, { status });

export const platformAdminOnly = () => forbidden('This call needs the platform-admin role');
