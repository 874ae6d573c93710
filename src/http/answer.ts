/**
 * An answer that is most often there at once (issue 19): a stage returns a Response when nothing it
 * did waited, and a promise of one only when something did (a body read, a delay, a delegated
 * login). Most requests then run the whole pipeline in one go: no promise made, no turn of the
 * microtask queue per stage. These helpers chain an answer without making a promise of it.
 */
export type Answer = Response | Promise<Response>;

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise;

/** `fn` of the value: at once when it is there, else once it is (a promise then). */
export function andThen<T, U>(value: T | Promise<T>, fn: (value: T) => U | Promise<U>): U | Promise<U> {
  return isPromise(value) ? value.then(fn) : fn(value);
}

/** `run()`, its failure (a throw or a rejection) answered by `onError`. */
export function answerCatching(run: () => Answer, onError: (e: unknown) => Answer): Answer {
  let answer: Answer;
  try {
    answer = run();
  } catch (e) {
    return onError(e);
  }
  return isPromise(answer) ? answer.catch(onError) : answer;
}

/** `run()`, then `last()` however it ended (as `finally`: a throw or a rejection goes on). */
export function answerFinally(run: () => Answer, last: () => void): Answer {
  let answer: Answer;
  try {
    answer = run();
  } catch (e) {
    last();
    throw e;
  }
  if (!isPromise(answer)) {
    last();
    return answer;
  }
  return answer.finally(last);
}
