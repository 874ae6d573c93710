/** `dms-sim/contract`: the contract suite as a library (run.ts). */
export { runContract, parseJUnit, type ContractOptions, type ContractResult, type ContractCheck, type CheckStatus } from './run';
