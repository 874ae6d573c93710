/** Compiles a LIKE pattern (`%` = any run of characters, anywhere) into a string test. */
export function likeMatcher(pattern: string): (s: string) => boolean {
  const parts = pattern.split('%');
  if (parts.length === 1) return (s) => s === pattern;
  if (parts.length === 2) {
    const [head, tail] = parts;
    if (tail === '') return (s) => s.startsWith(head);
    if (head === '') return (s) => s.endsWith(tail);
    return (s) => s.length >= head.length + tail.length && s.startsWith(head) && s.endsWith(tail);
  }
  if (parts.length === 3 && parts[0] === '' && parts[2] === '') {
    const mid = parts[1];
    return (s) => s.includes(mid);
  }
  const re = new RegExp(`^${parts.map(escapeRegExp).join('[\\s\\S]*')}$`);
  return (s) => re.test(s);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
