/** createSimulator().listen() with no port picks a free one (port 0) and resolves to the address; no test needs port 8080. */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/domain/clock';
import { createSimulator } from '../src/simulator';

describe('listen() without a port', () => {
  it('two simulators listen side by side on free ports and each answers GET /api/ at the address it returned', async () => {
    const a = createSimulator({ clock: manualClock() });
    const b = createSimulator({ clock: manualClock() });
    try {
      const [ra, rb] = await Promise.all([a.listen(), b.listen()]);
      expect(ra.port).toBeGreaterThan(0);
      expect(rb.port).not.toBe(ra.port);
      expect(ra.url).toBe(`http://localhost:${ra.port}`);
      for (const r of [ra, rb]) {
        const body = await (await fetch(`http://127.0.0.1:${r.port}/api/`)).json();
        expect(body.values['v25.3']).toBe(`${r.url}/api/v25.3`);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
