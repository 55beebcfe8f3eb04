// service-emulator: the public surface.

// Creating and driving an emulator
export { createEmulator, type EmulatorOptions } from './emulator/create-emulator.js';
export { Emulator, type EmulatorClock } from './emulator/emulator.js';
export type { WorldSnapshot } from './emulator/world.js';

// Scenarios
export { defineScenario, ScenarioSchema, type Scenario, type ScenarioInput } from './scenarios/schema.js';
export { checkScenario } from './scenarios/validate.js';
export type { Handles, WorkspaceHandle, UserHandle, ApiKeyHandle } from './scenarios/handles.js';

// Errors and shared types
export { EmulatorError, ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from './core/errors.js';
export type { StorageKind } from './storage/storage.js';
export { VERSION } from './version.js';
