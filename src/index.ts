// service-emulator: the public surface.

// Creating and driving an emulator
export { createEmulator, type EmulatorOptions } from './emulator/create-emulator.js';
export { Emulator, type EmulatorClock } from './emulator/emulator.js';
export type { WorldSnapshot } from './emulator/world.js';

// Test-harness features: faults, the request journal, state export, data dirs
export type { EmulatorFaults, EmulatorRequests, RouteSummary } from './emulator/emulator.js';
export type { RagFileState } from './areas/rag-files/pipeline.js';
export type { FaultRuleInput, FaultView } from './control/fault-schema.js';
export type { JournalEntry, JournalFilter } from './control/request-journal.js';
export { STATE_FORMAT_VERSION, type StateExport } from './emulator/state-export.js';
export { DataDirError } from './emulator/persistence.js';

// Scenarios
export { defineScenario, ScenarioSchema, type Scenario, type ScenarioInput } from './scenarios/schema.js';
export { checkScenario, type ScenarioLister, type ScenarioSummary } from './scenarios/validate.js';
export type { Handles, WorkspaceHandle, UserHandle, ApiKeyHandle } from './scenarios/handles.js';

// Errors and shared types
export { EmulatorError, ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from './core/errors.js';
export type { StorageKind } from './storage/storage.js';
export { VERSION } from './version.js';
