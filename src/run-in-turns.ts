/**
 * Runs work one step per turn of the event loop (setImmediate), beginning `delayMs` after the call,
 * so that requests arriving meanwhile are served between two steps: `work` is an iterable (a
 * generator, typically) whose every `next()` does one step. Stops when `signal` aborts (ending the
 * work with `return()`). A step that throws ends the work (a generator cannot go on after a throw)
 * and is handed to `onError`. `keepAlive: false`: the pending steps do not keep the process alive
 * (background work of a server that may be closed); they run on unref'd timers then, about a
 * millisecond apart. Resolves, once the work is done, aborted or failed, to how many steps ran
 * without throwing.
 */
export function runInTurns(
  work: Iterable<unknown>,
  options: { delayMs?: number; signal?: AbortSignal; onError?: (e: unknown) => void; keepAlive?: boolean } = {},
): Promise<number> {
  const { delayMs = 0, signal, onError, keepAlive = true } = options;
  const steps = work[Symbol.iterator]();
  let ran = 0;
  return new Promise((resolve) => {
    const next = () => {
      if (signal?.aborted) {
        steps.return?.(); // a generator's finally blocks run
        return resolve(ran);
      }
      try {
        if (steps.next().done) return resolve(ran);
        ran++;
      } catch (e) {
        onError?.(e);
        return resolve(ran);
      }
      // An unref'd immediate would wait for I/O to wake the loop up; an unref'd timer runs on time.
      if (keepAlive) setImmediate(next);
      else setTimeout(next, 0).unref();
    };
    setTimeout(next, delayMs).unref();
  });
}
