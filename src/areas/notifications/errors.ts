// Notification errors, named after their wire codes.
import { conflict, notFound, validationError } from '../../core/errors.js';

export const notificationNotFound = () => notFound('Notification');
export const channelNotFound = () => notFound('Notification channel');
export const triggerNotFound = () => notFound('Notification trigger');
export const deliveryNotFound = () => notFound('Delivery');
export const noteNotFound = () => notFound('Note');
export const badField = (path: string, message: string) => validationError('Invalid request', [{ path, message }]);
export const channelNotVerified = () => conflict('The email channel is not verified yet: open the link of its verification mail');
export const notRedeliverable = (status: string) => conflict(`Only a failed delivery can be redelivered (this one is ${status})`);
