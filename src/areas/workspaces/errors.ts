// Workspace errors, named after their wire codes.
import { conflict, forbidden, notFound } from '../../core/errors.js';

export const workspaceNotFound = () => notFound('Workspace');

export const slugTaken = (slug: string) => conflict(`The slug "${slug}" is already taken`, { slug });

export const ownerOnly = (what: string) => forbidden(`Only a workspace owner can ${what}`);
