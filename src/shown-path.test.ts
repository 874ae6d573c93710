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
    expect(shownPath('..')).toBe(resolve('..'));
    // A folder whose name starts with two dots is inside.
    expect(shownPath('..cache/world')).toBe(join('..cache', 'world'));
  });
});
