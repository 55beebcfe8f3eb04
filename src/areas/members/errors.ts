// Member errors, named after their wire codes.
import { conflict, forbidden, notFound } from '../../core/errors.js';

export const memberNotFound = () => notFound('Member');

export const userNotFound = () => notFound('User');

export const alreadyMember = (userId: string) => conflict('The user is already a member of this workspace', { userId });

export const lastOwner = () => conflict('A workspace keeps at least one owner: the last owner cannot be removed or demoted');

export const ownersOnly = () => forbidden('Only an owner can make or remove an owner');
