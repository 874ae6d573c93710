/**
 * Answers held to the end of the turn (src/http/answer-response.ts) as a simulator's clients see
 * them: closing the simulator in the turn an answer was made still sends it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerResponse } from '../../src/http/answer-response';
import { type Simulator, createSimulator } from '../../src/simulator';

const end = AnswerResponse.prototype.end;
afterEach(() => {
  AnswerResponse.prototype.end = end;
});

describe('held answers and closing the simulator', () => {
  it('close() in the turn an answer was made: the client gets the whole answer', async () => {
    const sim: Simulator = createSimulator({ port: 0 });
    const { port } = await sim.listen();
    const whole = await (await fetch(`http://127.0.0.1:${port}/api/`)).text();
    let closing: Promise<void> | undefined;
    // A shutdown right after an answer is made (e.g. SIGTERM read in the same turn).
    AnswerResponse.prototype.end = function (this: AnswerResponse, ...args: Parameters<typeof end>) {
      const r = end.apply(this, args);
      if (this.holding && !closing) closing = sim.close();
      return r;
    };
    const res = await fetch(`http://127.0.0.1:${port}/api/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(whole);
    expect(closing).toBeDefined();
    await closing;
  });
});
