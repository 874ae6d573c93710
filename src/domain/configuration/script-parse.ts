/**
 * Parsing a long MDL script a slice at a time (issue 18), so that the executor can let other requests
 * in between: the script is cut after every top-level `;` (not inside a 'string' or a # comment)
 * into slices of a few statements, each parsed on its own, with lines, columns and statement numbers
 * moved back to the whole script's. The outcome is the one parsing the whole script gives: its
 * statements, or the first error (a lexical error anywhere wins over a syntax error, since the whole
 * script is read into tokens before it is parsed).
 */
import { beyondLatin1, oneByteInPlace } from '../../one-byte';
import { MdlError, MdlErrorCode, parseWithSpans, tokenize, type ParsedStatement } from '../../mdl/index';

const LEXICAL: ReadonlySet<string> = new Set([
  MdlErrorCode.UNEXPECTED_CHARACTER, MdlErrorCode.UNTERMINATED_STRING, MdlErrorCode.INVALID_ESCAPE, MdlErrorCode.INVALID_NUMBER,
]);

/** Offsets just after each statement-ending `;` of the script, in one pass. */
export function statementEnds(text: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x27) {
      // 'string': a backslash takes the next character with it
      for (i++; i < text.length && text.charCodeAt(i) !== 0x27; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x23) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else if (c === 0x3b) ends.push(i + 1);
  }
  return ends;
}

interface Slice {
  start: number;
  end: number;
  /** Lines before the slice, and its first line's column offset. */
  lines: number;
  column: number;
  /** Statements before the slice. */
  statements: number;
}

/** The slices of `perSlice` statements, plus the text after the last `;` when it holds any. */
function slicesOf(text: string, ends: readonly number[], perSlice: number): Slice[] {
  const cuts = ends.filter((_, i) => (i + 1) % perSlice === 0 || i === ends.length - 1);
  const slices: Slice[] = [];
  let start = 0;
  let lines = 0;
  let lineStart = 0;
  let statements = 0;
  for (const end of [...cuts, text.length]) {
    if (end <= start && slices.length > 0) break;
    slices.push({ start, end, lines, column: start - lineStart, statements });
    for (let i = start; i < end; i++) {
      if (text.charCodeAt(i) === 0x0a) {
        lines++;
        lineStart = i + 1;
      }
    }
    statements += Math.min(perSlice, ends.length - statements);
    start = end;
  }
  return slices;
}

const moved = (s: Slice, line: number, column: number) => ({ line: line + s.lines, column: line === 1 ? column + s.column : column });

function movedError(e: MdlError, s: Slice): MdlError {
  return new MdlError(e.code, e.message, { ...moved(s, e.line, e.column), context: e.context, statement: e.statement + s.statements });
}

/**
 * Parses `text` (cut at `ends`, from statementEnds) `perSlice` statements at a time, yielding after
 * each slice; returns what parseWithSpans(text) returns, or throws the MdlError it throws.
 */
export function* parseInSlices(text: string, ends: readonly number[], perSlice: number): Generator<void, ParsedStatement[], void> {
  const slices = slicesOf(text, ends, perSlice);
  const out: ParsedStatement[] = [];
  for (let k = 0; k < slices.length; k++) {
    const s = slices[k];
    const part = text.slice(s.start, s.end);
    const trailing = k > 0 && k === slices.length - 1 && s.start === ends[ends.length - 1];
    try {
      // The text after the last statement: nothing but blanks and comments is no statement.
      if (trailing && tokenize(part).length === 1) break;
      for (const p of parseWithSpans(part)) out.push({ statement: p.statement, span: { ...p.span, ...moved(s, p.span.line, p.span.column) } });
    } catch (e) {
      if (!(e instanceof MdlError)) throw e;
      if (!LEXICAL.has(e.code)) yield* lexicalErrorAfter(text, slices.slice(k + 1));
      throw movedError(e, s);
    }
    if (k < slices.length - 1) yield;
  }
  // Names are cut from the text: one-byte copies where they can be, before any becomes a property name (src/one-byte.ts).
  return beyondLatin1(text) ? oneByteInPlace(out) : out;
}

/** Throws the first lexical error of the slices (the whole script's lexer would have met it first). */
function* lexicalErrorAfter(text: string, slices: readonly Slice[]): Generator<void, void, void> {
  for (const s of slices) {
    try {
      tokenize(text.slice(s.start, s.end));
    } catch (e) {
      if (e instanceof MdlError) throw movedError(e, s);
      throw e;
    }
    yield;
  }
}
