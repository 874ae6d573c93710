import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { runInTurns } from './run-in-turns';

describe('runInTurns', () => {
  it('does one step (one next() of the work) per turn of the event loop, after the delay', async () => {
    const seen: string[] = [];
    function* work() {
      for (const n of [1, 2, 3]) {
        seen.push(`step ${n}`);
        // queued by a step: runs before the next step does
        setImmediate(() => seen.push(`after ${n}`));
        yield;
      }
    }
    const started = performance.now();
    const done = runInTurns(work(), { delayMs: 30 });
    seen.push('called');
    expect(await done).toBe(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(seen).toEqual(['called', 'step 1', 'after 1', 'step 2', 'after 2', 'step 3', 'after 3']);
  });

  it('stops at the next turn once the signal aborted, and does nothing when aborted before the delay', async () => {
    const stop = new AbortController();
    const ran: number[] = [];
    function* work() {
      for (const n of [1, 2, 3, 4]) {
        ran.push(n);
        if (n === 2) stop.abort();
        yield;
      }
    }
    expect(await runInTurns(work(), { signal: stop.signal })).toBe(2);
    expect(ran).toEqual([1, 2]);
    const lazy = new AbortController();
    const q = runInTurns(work(), { delayMs: 10, signal: lazy.signal });
    lazy.abort();
    expect(await q).toBe(0);
    expect(ran).toEqual([1, 2]);
    // an aborted generator is ended: its finally blocks run
    let ended = false;
    function* guarded() {
      try {
        for (;;) yield;
      } finally {
        ended = true;
      }
    }
    const third = new AbortController();
    const r = runInTurns(guarded(), { signal: third.signal });
    await new Promise((done) => setTimeout(done, 5));
    third.abort();
    expect(await r).toBeGreaterThan(0);
    expect(ended).toBe(true);
  });

  it('ends the work at a step that throws, handing the error to onError', async () => {
    const onError = vi.fn();
    const ran: number[] = [];
    function* work() {
      ran.push(1);
      yield;
      ran.push(2);
      throw new Error('boom');
    }
    expect(await runInTurns(work(), { onError })).toBe(1);
    expect(ran).toEqual([1, 2]);
    expect(onError).toHaveBeenCalledOnce();
    expect((onError.mock.calls[0][0] as Error).message).toBe('boom');
  });

  it('keepAlive false: runs to the end while a server keeps the process alive, and lets it exit', () => {
    // In a process of its own: a test runner's own timers would wake the loop up between steps.
    const script = `
      import { createServer } from 'node:http';
      import { runInTurns } from ${JSON.stringify(new URL('./run-in-turns.ts', import.meta.url).pathname)};
      const server = createServer().listen(0, '127.0.0.1');
      let ran = 0;
      function* work() { for (let i = 0; i < 50; i++) { ran++; yield; } }
      const started = Date.now();
      const steps = await runInTurns(work(), { keepAlive: false });
      console.log(JSON.stringify({ steps, ran, ms: Date.now() - started }));
      server.close();
      runInTurns((function* () { for (;;) yield; })(), { keepAlive: false }); // endless, yet the process exits
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    const r = JSON.parse(out.trim()) as { steps: number; ran: number; ms: number };
    expect(r.steps).toBe(50);
    expect(r.ran).toBe(50);
    expect(r.ms).toBeLessThan(5000);
  });
});
