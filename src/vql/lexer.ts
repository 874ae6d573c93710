import { VqlError } from './errors';

export type TokenType = 'ident' | 'string' | 'number' | 'punct' | 'eof';

export type Token = {
  type: TokenType;
  /** Identifier / punctuation text as written; decoded string body; number source text. */
  text: string;
  /** For numbers: the numeric value. */
  num?: number;
  /** 0-based offset of the token's first character. */
  pos: number;
  /** Offset just past the token. */
  end: number;
};

const PUNCT2 = new Set(['!=', '<>', '<=', '>=']);
const PUNCT1 = new Set(['(', ')', ',', '=', '<', '>']);

function isIdentStart(c: string): boolean {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_';
}
function isIdentPart(c: string): boolean {
  return isIdentStart(c) || isDigit(c);
}
function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}
function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
}

/** Splits a query into tokens; the last token is always `eof`. Throws VqlError('syntax') only. */
export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isIdentStart(c)) {
      // identifier, or a dot path of identifiers with no spaces: a.b.c
      i++;
      while (i < n) {
        if (isIdentPart(src[i])) i++;
        else if (src[i] === '.' && i + 1 < n && isIdentStart(src[i + 1])) i += 2;
        else if (src[i] === '.') throw new VqlError('syntax', `Expected a field name after '.' at position ${i + 1}`, i + 1);
        else break;
      }
      tokens.push({ type: 'ident', text: src.slice(start, i), pos: start, end: i });
      continue;
    }
    if (isDigit(c) || (c === '-' && i + 1 < n && isDigit(src[i + 1]))) {
      i = scanNumber(src, i);
      const text = src.slice(start, i);
      const num = Number(text);
      if (!Number.isFinite(num)) throw new VqlError('invalid_value', `Number out of range '${text}' at position ${start}`, start);
      tokens.push({ type: 'number', text, num: num === 0 ? 0 : num, pos: start, end: i });
      continue;
    }
    if (c === "'") {
      i++;
      let body = '';
      let closed = false;
      while (i < n) {
        const d = src[i];
        if (d === '\\') {
          if (i + 1 >= n) break;
          body += src[i + 1];
          i += 2;
        } else if (d === "'") {
          i++;
          closed = true;
          break;
        } else {
          body += d;
          i++;
        }
      }
      if (!closed) throw new VqlError('syntax', `Unterminated string starting at position ${start}`, start);
      tokens.push({ type: 'string', text: body, pos: start, end: i });
      continue;
    }
    const two = src.slice(i, i + 2);
    if (PUNCT2.has(two)) {
      tokens.push({ type: 'punct', text: two, pos: start, end: i + 2 });
      i += 2;
      continue;
    }
    if (PUNCT1.has(c)) {
      tokens.push({ type: 'punct', text: c, pos: start, end: i + 1 });
      i++;
      continue;
    }
    const shown = String.fromCodePoint(src.codePointAt(i) ?? 0);
    throw new VqlError('syntax', `Unexpected character '${shown}' at position ${i}`, i);
  }
  tokens.push({ type: 'eof', text: '', pos: n, end: n });
  return tokens;
}

/** Scans `-?digits(.digits)?([eE][+-]?digits)?`; returns the end offset. */
function scanNumber(src: string, i: number): number {
  const n = src.length;
  if (src[i] === '-') i++;
  while (i < n && isDigit(src[i])) i++;
  if (src[i] === '.' && i + 1 < n && isDigit(src[i + 1])) {
    i++;
    while (i < n && isDigit(src[i])) i++;
  }
  if ((src[i] === 'e' || src[i] === 'E')) {
    let j = i + 1;
    if (src[j] === '+' || src[j] === '-') j++;
    if (j < n && isDigit(src[j])) {
      while (j < n && isDigit(src[j])) j++;
      i = j;
    }
  }
  if (i < n && (isIdentStart(src[i]) || src[i] === '.')) {
    throw new VqlError('syntax', `Malformed number: unexpected '${src[i]}' at position ${i}`, i);
  }
  return i;
}
