/**
 * Generated requests (issue 18): ≥ 10,000 requests made from spec/openapi.json (valid and
 * invalid, unknown paths and methods, raw bytes) against a real dms-sim process started with
 * --validate-responses, over kept-alive connections, a few at a time. Every answer: no 5xx, no
 * dropped connection, no non-JSON body where the operation answers JSON (a file or text operation
 * answers its failures in JSON too); the process logs nothing (a schema breach is logged) and
 * still answers afterwards. Seeded (FUZZ_SEED, FUZZ_REQUESTS): a failure prints the seed and a
 * command that sends the request again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlOf, type FuzzRequest, keepAliveAgent, send } from './client';
import { problemOf } from './checks';
import { generateRequests } from './generate';
import { buildPool } from './pool';
import { type SimProcess, startSimProcess } from './server-process';

const SEED = Number(process.env.FUZZ_SEED ?? 18_2026);
const COUNT = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONNECTIONS = 8;

let sim: SimProcess;
beforeAll(async () => {
  sim = await startSimProcess(['--validate-responses', '--no-throttle']);
}, 60_000);
afterAll(() => sim?.stop());

describe('generated requests against a real process', () => {
  it(`answers ${COUNT} generated requests (seed ${SEED}) as the document says, and lives on`, async () => {
    const pool = await buildPool(sim.base);
    const requests = generateRequests(SEED, COUNT, pool);
    const agent = keepAliveAgent(CONNECTIONS);
    const problems: string[] = [];
    const kinds = { http: 0, raw: 0, operations: new Set<string>() };
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < requests.length; i = next++) {
        const r: FuzzRequest = requests[i];
        const answer = await send(sim.base, agent, r);
        kinds[r.kind]++;
        if (r.opId) kinds.operations.add(r.opId);
        const problem = problemOf(r, answer);
        if (problem && problems.length < 10) problems.push(`#${i} (${r.note}): ${problem}\n    ${curlOf(sim.base, r)}`);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    agent.destroy();
    const breaches = sim.stderr();
    expect(problems, `seed ${SEED} (FUZZ_SEED=${SEED} to repeat):\n${problems.join('\n')}`).toEqual([]);
    expect(breaches, 'dms-sim logged (a schema breach or a defect)').toBe('');
    expect(kinds.http + kinds.raw).toBe(COUNT);
    expect(kinds.operations.size).toBeGreaterThan(40); // every area of the document was called
    const after = await fetch(`${sim.base}/api/`);
    expect((await after.json()).responseStatus).toBe('SUCCESS');
  }, 240_000);
});
