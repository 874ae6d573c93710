/**
 * A real dms-sim process for the generated requests and the soak: the built server, `node
 * dist/cli.mjs --port 0 …` (test/helpers/cli-command.ts; `npm run soak` builds it first), its
 * address read from its first line, its stderr kept (the breaches and defects it logs). Loopback
 * only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLI } from '../helpers/cli-command';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface SimProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

export function startSimProcess(args: string[] = [], nodeArgs: string[] = [], env: Record<string, string> = {}): Promise<SimProcess> {
  const child = spawn(process.execPath, [...nodeArgs, CLI, '--port', '0', ...args], {
    cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`dms-sim exited (${code}) before listening:\n${err}`));
    child.once('exit', onExit);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (!m || child.listenerCount('exit') === 0) return;
      child.off('exit', onExit);
      const port = Number(m[1]);
      resolve({
        child, port, base: `http://127.0.0.1:${port}`,
        stderr: () => err,
        stop: () => new Promise((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}
