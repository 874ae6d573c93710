/**
 * `autocannon.aggregateResult` (autocannon's README: "Aggregate the results of one or more
 * autocannon instance runs, where the instances of autocannon have been run with the
 * skipAggregateResult option"), which @types/autocannon does not declare.
 */
import 'autocannon';

declare module 'autocannon' {
  function aggregateResult(results: object[], opts?: Partial<autocannon.Options>): autocannon.Result;
}
