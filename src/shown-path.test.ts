import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shownPath } from './shown-path';

describe('shownPath', () => {
  it('is relative inside the current folder, absolute outside it, "." for the folder itself', () => {
    expect(shownPath(join(process.cwd(), 'fixtures', 'default'))).toBe(join('fixtures', 'default'));
    expect(shownPath('fixtures/default/')).toBe(join('fixtures', 'default'));
    expect(shownPath('/tmp/world')).toBe('/tmp/world');
    expect(shownPath('../elsewhere/world')).toBe(resolve('../elsewhere/world'));
    expect(shownPath(process.cwd())).toBe('.');
  });
});
