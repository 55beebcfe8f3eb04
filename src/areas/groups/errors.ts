// Group errors, named after their wire codes.
import { conflict, notFound } from '../../core/errors.js';

export const groupNotFound = () => notFound('Group');

export const groupMemberNotFound = () => notFound('Group member');

export const groupNameTaken = (name: string) => conflict(`A group named "${name}" already exists`, { name });

export const alreadyInGroup = (email: string) => conflict('That address is already in the group', { email });
