/** Fixture-set test helpers. */
import { expect } from 'vitest';
import { FixtureError, loadFixtures } from '../../src/fixtures/load';

/** The problems a FixtureError reports when `load` runs (default: loading the set in `dir`). */
export function fixtureProblems(load: string | (() => unknown)): string[] {
  try {
    if (typeof load === 'string') loadFixtures(load);
    else load();
  } catch (e) {
    expect(e).toBeInstanceOf(FixtureError);
    return (e as FixtureError).problems;
  }
  throw new Error('the fixture set loaded without a FixtureError');
}
