/**
 * MDL lexer: words, 'strings' (backslash escapes), numbers, ( ) , ; — `#` comments run to end of line.
 * Never throws anything but MdlError.
 */
import { MdlError, MdlErrorCode } from './errors';

export type TokenKind = 'word' | 'string' | 'number' | '(' | ')' | ',' | ';' | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** Word or number text as written; a string's decoded value; the punctuation itself; '' for eof. */
  readonly value: string;
  /** The raw source text of the token. */
  readonly raw: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

const ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', r: '\r', t: '\t' };
const isWordStart = (c: string): boolean => /[A-Za-z_]/.test(c);
const isWordPart = (c: string): boolean => /[A-Za-z0-9_]/.test(c);
const isDigit = (c: string): boolean => c >= '0' && c <= '9';

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  let statement = 1;

  const fail = (code: MdlErrorCode, message: string, at: number, atLine: number, atLineStart: number, context: string): never => {
    throw new MdlError(code, message, { line: atLine, column: at - atLineStart + 1, context, statement });
  };

  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0' || c === '\ufeff') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    const start = i;
    const startLine = line;
    const startLineStart = lineStart;
    const push = (kind: TokenKind, value: string): void => {
      tokens.push({ kind, value, raw: text.slice(start, i), offset: start, line: startLine, column: start - startLineStart + 1 });
    };
    if (c === '(' || c === ')' || c === ',' || c === ';') {
      i++;
      push(c, c);
      if (c === ';') statement++;
      continue;
    }
    if (c === "'") {
      i++;
      let value = '';
      for (;;) {
        if (i >= text.length) {
          fail(MdlErrorCode.UNTERMINATED_STRING, 'String literal is not closed', start, startLine, startLineStart, text.slice(start, start + 40));
        }
        const d = text[i];
        if (d === "'") {
          i++;
          break;
        }
        if (d === '\\') {
          const e = text[i + 1];
          const decoded = e === undefined ? undefined : ESCAPES[e];
          if (decoded === undefined) {
            fail(MdlErrorCode.INVALID_ESCAPE, `Invalid escape sequence \\${e ?? ''} in string literal`, i, line, lineStart, text.slice(i, i + 2));
          }
          value += decoded;
          i += 2;
          continue;
        }
        if (d === '\n') {
          line++;
          lineStart = i + 1;
        }
        value += d;
        i++;
      }
      push('string', value);
      continue;
    }
    if (isDigit(c) || (c === '-' && i + 1 < text.length && isDigit(text[i + 1]))) {
      i++;
      while (i < text.length && isDigit(text[i])) i++;
      if (text[i] === '.') {
        i++;
        if (!isDigit(text[i] ?? '')) {
          fail(MdlErrorCode.INVALID_NUMBER, 'Number has no digits after the decimal point', start, startLine, startLineStart, text.slice(start, i + 1));
        }
        while (i < text.length && isDigit(text[i])) i++;
      }
      if (i < text.length && (isWordPart(text[i]) || text[i] === '.')) {
        let j = i;
        while (j < text.length && (isWordPart(text[j]) || text[j] === '.')) j++;
        fail(MdlErrorCode.INVALID_NUMBER, 'Malformed number', start, startLine, startLineStart, text.slice(start, j));
      }
      push('number', text.slice(start, i));
      continue;
    }
    if (isWordStart(c)) {
      while (i < text.length && isWordPart(text[i])) i++;
      push('word', text.slice(start, i));
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i) ?? 0);
    fail(MdlErrorCode.UNEXPECTED_CHARACTER, `Unexpected character '${ch}'`, start, startLine, startLineStart, ch);
  }
  tokens.push({ kind: 'eof', value: '', raw: '', offset: text.length, line, column: text.length - lineStart + 1 });
  return tokens;
}
