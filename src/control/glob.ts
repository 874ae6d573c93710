/**
 * The path glob of fault rules, the journal filter and verify: `*` matches within one path segment
 * (no `/`), `**` across segments (any characters, `/` included); everything else is literal. It
 * matches the whole path, without the query string.
 */
export type PathGlob = (path: string) => boolean;

export function pathGlob(pattern: string): PathGlob {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*';
        i++;
      } else source += '[^/]*';
    } else source += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  const re = new RegExp(`^${source}$`);
  return (path) => re.test(path);
}
