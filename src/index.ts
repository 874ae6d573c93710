/** The programmatic API of dms-sim. */
export { createSimulator, type Simulator, type SimulatorOptions } from './simulator';
export { manualClock, systemClock, type Clock } from './domain/clock';
export { loadFixtures, FixtureError } from './fixtures/load';
export { Control, ControlError, type StartState } from './control/control';
export type { FaultRule } from './control/faults';
export type { JournalEntry, JournalQuery } from './control/journal';
export type { Snapshot } from './control/snapshot';
export type { SessionView } from './control/sessions';
export { PRESETS, type PresetName } from './control/presets';
