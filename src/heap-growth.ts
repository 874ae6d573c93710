/**
 * The old generation's growth of a running server (`dms-sim serve`): once the world is loaded, V8
 * collects the old generation before it grows to 1.5× its live size (by default, when collection
 * is cheap, it lets the heap grow up to 4×, which a login load test filled with dead sessions:
 * peak RSS 180 → 131 MB). Set at run time rather than on the command line, so that loading a big
 * world does not pay for it: on a 100,000-document world the start took ~300 ms more (~10%) with
 * the flag from the first allocation. V8 reads the flag at each collection, so setting it
 * after start takes effect (docs/decisions.md, "Node options").
 */
import { setFlagsFromString } from 'node:v8';

/** (chosen) The old generation's growth once the world is loaded, in percent of its live size. */
export const RUNNING_HEAP_GROWING_PERCENT = 50;

/** Whether Node's options name the heap's growth themselves (then they are left as they are). */
export function namesHeapGrowth(execArgv: readonly string[], nodeOptions: string): boolean {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((a) => /^--heap[-_]growing[-_]percent(=|$)/.test(a));
}

/** Sets the running growth unless Node's options name one; true when it set it. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  if (namesHeapGrowth(execArgv, nodeOptions)) return false;
  setFlagsFromString(`--heap-growing-percent=${RUNNING_HEAP_GROWING_PERCENT}`);
  return true;
}
