import { describe, expect, it } from 'vitest';
import { namesHeapGrowth } from './heap-growth';

describe('the running heap growth', () => {
  it('is left to the user when Node’s options (command line or NODE_OPTIONS) name it, in either spelling', () => {
    expect(namesHeapGrowth(['--max-semi-space-size=4'], '')).toBe(false);
    expect(namesHeapGrowth(['--heap-growing-percent=80'], '')).toBe(true);
    expect(namesHeapGrowth([], '--inspect --heap_growing_percent=20')).toBe(true);
    expect(namesHeapGrowth(['--heap-growing-percent', '30'], '')).toBe(true);
    expect(namesHeapGrowth(['--heap-growing-percentage=3'], '')).toBe(false);
  });
});
