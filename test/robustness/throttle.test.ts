/**
 * Issue 18, defect 1: the login throttle kept one counter per distinct user name, forever, holding
 * the name as sent (530 failed logins with 8 MB names filled the heap). Now a user name over 255
 * characters is INVALID_DATA before anything is counted, counters expire with their window, and the
 * table holds at most MAX_COUNTED_KEYS keys (least recently counted out).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/domain/clock';
import { ApiError } from '../../src/domain/errors';
import { AUTH_WINDOW_MS, MAX_COUNTED_KEYS, MAX_USERNAME_LENGTH, Throttle, longerThan } from '../../src/domain/throttling';
import { type TestSim, V, testSim } from '../helpers/sim';

const settings = { throttling: true, throttleDelayMs: 500 };

describe('login throttle table: growth', () => {
  it('holds at most its cap of keys; the least recently counted key goes first', () => {
    const t = new Throttle(manualClock(), settings, 100);
    for (let i = 0; i < 100; i++) t.authCall(`user${i}`, 'd', 5);
    t.authCall('user0', 'd', 5); // user0 is now the most recent: user1 is the oldest
    expect(t.authKeys).toBe(100);
    for (let i = 100; i < 350; i++) t.authCall(`user${i}`, 'd', 5);
    expect(t.authKeys).toBe(100);
    // user0 was dropped eventually (250 newer keys); the 100 newest are kept with their counts.
    expect(t.authCall('user349', 'd', 5).remaining).toBe(3);
    expect(t.authCall('user0', 'd', 5).remaining).toBe(4);
  });

  it('the default cap is MAX_COUNTED_KEYS (10,000), exactly', () => {
    const t = new Throttle(manualClock(), settings);
    for (let i = 0; i < MAX_COUNTED_KEYS + 500; i++) t.authCall(`u${i}`, 'd', 60);
    expect(t.authKeys).toBe(MAX_COUNTED_KEYS);
  });

  it('counters expire with their window: a new window keeps only the keys counted in it', () => {
    const clock = manualClock();
    const t = new Throttle(clock, settings);
    for (let i = 0; i < 1000; i++) t.authCall(`u${i}`, 'd', 60);
    expect(t.authKeys).toBe(1000);
    clock.advance(AUTH_WINDOW_MS);
    t.authCall('late', 'd', 60);
    expect(t.authKeys).toBe(1);
  });

  it('a user name over 255 characters is INVALID_DATA and counts nothing; 255 is accepted', () => {
    const t = new Throttle(manualClock(), settings);
    const long = 'a'.repeat(MAX_USERNAME_LENGTH + 1);
    expect(() => t.authCall(long, 'd', 5)).toThrow(ApiError);
    try {
      t.authCall(long, 'd', 5);
    } catch (e) {
      expect((e as ApiError).errors).toEqual([{ type: 'INVALID_DATA', message: 'Invalid value for parameter [username] specified: longer than the maximum of 255 characters' }]);
    }
    expect(t.authKeys).toBe(0);
    expect(t.authCall('a'.repeat(MAX_USERNAME_LENGTH), 'd', 5).remaining).toBe(4);
    expect(t.authKeys).toBe(1);
  });

  it('characters are code points: 255 emoji are 510 UTF-16 units and accepted', () => {
    expect(longerThan('😀'.repeat(255), 255)).toBe(false);
    expect(longerThan('😀'.repeat(256), 255)).toBe(true);
    expect(longerThan('x'.repeat(8 * 1024 * 1024), 255)).toBe(true);
  });
});

describe('login throttle over HTTP (regression: 8 MB user names)', () => {
  let sim: TestSim;
  afterEach(() => expect(sim.breaches).toEqual([]));

  it('a login with an 8 MB user name answers INVALID_DATA and keeps no counter; a normal login still works', async () => {
    sim = testSim();
    const name = 'x'.repeat(8 * 1024 * 1024);
    for (let i = 0; i < 3; i++) {
      const body = await sim.json('POST', `/api/${V}/auth`, undefined, { form: { username: `${i}${name}`, password: 'nope' } });
      expect(body.responseStatus).toBe('FAILURE');
      expect(body.errors).toEqual([{ type: 'INVALID_DATA', message: 'Invalid value for parameter [username] specified: longer than the maximum of 255 characters' }]);
    }
    expect(sim.world.throttle.authKeys).toBe(0);
    await sim.login('bob@acme.example');
    expect(sim.world.throttle.authKeys).toBe(1);
  });

  it('530 failed logins under distinct names keep 530 small counters, all gone after the window', async () => {
    sim = testSim();
    for (let i = 0; i < 530; i++) {
      const body = await sim.json('POST', `/api/${V}/auth`, undefined, { form: { username: `nobody${i}@x.example`, password: 'nope' } });
      expect(body.errors[0].type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    }
    expect(sim.world.throttle.authKeys).toBe(530);
    sim.clock.advance(AUTH_WINDOW_MS);
    await sim.login('bob@acme.example');
    expect(sim.world.throttle.authKeys).toBe(1);
  });
});
