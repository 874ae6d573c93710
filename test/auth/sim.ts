/**
 * The auth suites' simulators: the harness's testSim on the default fixtures, read and checked
 * once per test file (each simulator still gets its own copy, so no state is shared).
 */
import { loadFixtures } from '../../src/fixtures/load';
import type { FixtureSet } from '../../src/fixtures/types';
import { type TestSim, testSim } from '../helpers/sim';

let defaults: FixtureSet | undefined;

/** A copy of the default fixture set, to change for one test. */
export function defaultFixtures(): FixtureSet {
  defaults ??= loadFixtures();
  return structuredClone(defaults);
}

export function authSim(options: Parameters<typeof testSim>[0] = {}): TestSim {
  return testSim({ fixtures: defaultFixtures(), ...options });
}
