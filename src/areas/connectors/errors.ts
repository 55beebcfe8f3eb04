// Connector errors, named after their wire codes.
import { EmulatorError, conflict, notFound } from '../../core/errors.js';

export const connectorNotFound = () => notFound('Connector');
export const runNotFound = () => notFound('Sync run');

/** Third-party kinds would need the provider's OAuth consent: the emulator never leaves the machine. */
export const connectorNotAuthorized = (kind: string) =>
  new EmulatorError('CONNECTOR_NOT_AUTHORIZED', `A ${kind} connector needs the provider's authorization, which the emulator does not perform: only web and http-json connectors sync`, {
    kind,
    syncable: ['web', 'http-json'],
  });

export const syncInProgress = (runId: string) => conflict('A sync of this connector is already queued or running', { runId });
