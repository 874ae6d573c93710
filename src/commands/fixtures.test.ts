import { describe, expect, it } from 'vitest';
import { renderProgress } from './fixtures';

describe('renderProgress (the generator\'s bar on a terminal)', () => {
  it('draws the share done, the counts, the time taken and the time left, redrawn in place', () => {
    expect(renderProgress(0, 1000, 0, 10)).toBe('\r[..........]   0% 0/1000 documents, 0 s');
    expect(renderProgress(250, 1000, 5000, 10)).toBe('\r[###.......]  25% 250/1000 documents, 5 s, ~15 s left');
    expect(renderProgress(999, 1000, 9990, 10)).toBe('\r[##########]  99% 999/1000 documents, 10 s, ~0 s left');
    expect(renderProgress(1000, 1000, 12_400, 10)).toBe('\r[##########] 100% 1000/1000 documents, 12 s');
  });

  it('is full for an empty set, 30 wide by default', () => {
    expect(renderProgress(0, 0, 0)).toBe(`\r[${'#'.repeat(30)}] 100% 0/0 documents, 0 s`);
  });
});
