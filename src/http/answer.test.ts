import { describe, expect, it } from 'vitest';
import { andThen, answerCatching, answerFinally } from './answer';

const ok = () => new Response('ok');
const later = () => Promise.resolve(new Response('later'));

describe('answers there at once', () => {
  it('andThen calls on at once for a value, and makes a promise only of a promise', async () => {
    const now = andThen(1, (n) => n + 1);
    expect(now).toBe(2);
    const soon = andThen(Promise.resolve(1), (n) => n + 1);
    expect(soon).toBeInstanceOf(Promise);
    expect(await soon).toBe(2);
  });

  it('answerCatching answers a throw and a rejection alike, and passes an answer on as it is', async () => {
    const answer = ok();
    expect(answerCatching(() => answer, () => new Response('caught'))).toBe(answer);
    const thrown = answerCatching(() => {
      throw new Error('at once');
    }, (e) => new Response(`caught ${(e as Error).message}`));
    expect(thrown).toBeInstanceOf(Response);
    expect(await (thrown as Response).text()).toBe('caught at once');
    const rejected = answerCatching(() => Promise.reject(new Error('later')), (e) => new Response(`caught ${(e as Error).message}`));
    expect(rejected).toBeInstanceOf(Promise);
    expect(await (await rejected).text()).toBe('caught later');
  });

  it('answerFinally runs its last step once, however the answer ended, and lets a failure go on', async () => {
    const runs: string[] = [];
    const answer = ok();
    expect(answerFinally(() => answer, () => runs.push('now'))).toBe(answer);
    expect(runs).toEqual(['now']);
    const soon = answerFinally(later, () => runs.push('later'));
    expect(runs).toEqual(['now']);
    expect(await (await soon).text()).toBe('later');
    expect(runs).toEqual(['now', 'later']);
    expect(() => answerFinally(() => {
      throw new Error('thrown');
    }, () => runs.push('thrown'))).toThrow('thrown');
    await expect(answerFinally(() => Promise.reject(new Error('rejected')), () => runs.push('rejected'))).rejects.toThrow('rejected');
    expect(runs).toEqual(['now', 'later', 'thrown', 'rejected']);
  });
});
