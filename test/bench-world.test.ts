/** bench/world.ts `signal`: servers stopped while another is under load, and continued for their own turn. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from '../bench/processes';
import { signal } from '../bench/world';

/** The state letter of /proc/<pid>/stat: T stopped, S sleeping, R running. */
const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
};
const idle = (): Server => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return { child, pid: child.pid!, base: 'http://127.0.0.1:0' };
};
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  return ok();
};

describe.runIf(process.platform === 'linux')('bench: signal', () => {
  const servers = [idle(), idle()];
  afterAll(() => servers.forEach((s) => s.child.kill('SIGKILL')));

  it('stops the servers it is given and continues them, leaving the others running; a server gone is no error', async () => {
    signal([servers[1]], 'SIGSTOP');
    expect(await until(() => state(servers[1].pid) === 'T')).toBe(true);
    expect(state(servers[0].pid)).not.toBe('T');
    signal(servers, 'SIGCONT');
    expect(await until(() => state(servers[1].pid) !== 'T')).toBe(true);
    const gone = idle();
    gone.child.kill('SIGKILL');
    await new Promise((r) => gone.child.once('exit', r));
    expect(() => signal([gone], 'SIGSTOP')).not.toThrow();
  });
});
