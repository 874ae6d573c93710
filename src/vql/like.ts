/**
 * Compiles a LIKE pattern (`%` = any run of characters, anywhere) into a string test.
 * Linear in the input: the head must start the string, the tail end it, and the parts between
 * are found in order, each leftmost (correct when `%` is the only wildcard). No regular
 * expression, so no pattern can make matching backtrack.
 */
export function likeMatcher(pattern: string): (s: string) => boolean {
  const parts = pattern.split('%').filter((p, i, all) => p !== '' || i === 0 || i === all.length - 1);
  if (parts.length === 1) return (s) => s === pattern;
  const head = parts[0];
  const tail = parts[parts.length - 1];
  const middle = parts.slice(1, -1);
  const least = parts.reduce((n, p) => n + p.length, 0);
  return (s) => {
    if (s.length < least || !s.startsWith(head) || !s.endsWith(tail)) return false;
    let at = head.length;
    const end = s.length - tail.length;
    for (const part of middle) {
      const found = s.indexOf(part, at);
      if (found < 0 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}
