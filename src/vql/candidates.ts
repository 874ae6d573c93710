/**
 * Candidate slots of a WHERE tree read from key indexes (probe.ts): runs of sorted permutations,
 * and what their users give back when done with them.
 */
import { giveBackScratch } from './scratch';

/** A run [lo, hi) of a permutation; `ascending`: its slots are in ascending order (a run of one key: ties go by slot). */
export interface Run {
  perm: Int32Array;
  lo: number;
  hi: number;
  ascending?: boolean;
}

/** Candidate slots: runs of sorted permutations (runs may overlap for an OR; one run holds each slot once). */
export interface Candidates {
  size: number;
  runs: Run[];
  /** The candidates are exactly the rows that satisfy the condition (no test needed). */
  exact: boolean;
  /** No slot is in two runs (one run holds each slot once anyway). */
  distinct?: boolean;
}

/** No candidates (nothing matches). */
export const NONE: Candidates = { size: 0, runs: [], exact: true };

/**
 * Gives back the scratch memory (scratch.ts) of candidates' runs that `kept` does not read, or of
 * all of them: their user is done with them (the permutations of key indexes are not scratch, and
 * stay).
 */
export function giveBackCandidates(parts: Candidates | undefined, kept?: Candidates): void {
  if (!parts) return;
  for (const run of parts.runs) if (!kept?.runs.some((r) => r.perm.buffer === run.perm.buffer)) giveBackScratch(run.perm);
}
