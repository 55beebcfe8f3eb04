// Permission errors, named after their wire codes.
import { forbidden, notFound } from '../../core/errors.js';

export const grantNotFound = () => notFound('Grant');

export const resourceNotFound = (kind: string) => notFound(kind === 'rag' ? 'RAG target' : kind.charAt(0).toUpperCase() + kind.slice(1));

export const principalNotFound = (kind: 'user' | 'group') => notFound(kind === 'user' ? 'User' : 'Group');

export const userTokenRequired = () => forbidden('This call answers for a user: send a Bearer access token, not an API key');
