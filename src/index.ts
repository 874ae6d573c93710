/** The programmatic API of dms-sim. */
export { createSimulator, type Simulator, type SimulatorOptions } from './simulator';
export { manualClock, systemClock, type Clock } from './domain/clock';
export { loadFixtures, FixtureError } from './fixtures/load';
