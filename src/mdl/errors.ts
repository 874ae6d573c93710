/**
 * MdlError: the only exception `parse()` throws, whatever the input.
 * Codes are chosen by dms-sim (the real service's syntax-error codes are not public); they live here only.
 */

export const MdlErrorCode = {
  /** A character that starts no token. */
  UNEXPECTED_CHARACTER: 'MDL-F-101',
  /** A string literal with no closing quote. */
  UNTERMINATED_STRING: 'MDL-F-102',
  /** A backslash escape other than \\ \' \" \n \r \t. */
  INVALID_ESCAPE: 'MDL-F-103',
  /** A malformed number such as `1.` or `-`. */
  INVALID_NUMBER: 'MDL-F-104',
  /** A token where another was expected. */
  UNEXPECTED_TOKEN: 'MDL-F-110',
  /** The script ended inside a statement (e.g. no closing `;`). */
  UNEXPECTED_END: 'MDL-F-111',
  /** A statement that does not start with CREATE, RECREATE, ALTER, DROP or RENAME. */
  UNKNOWN_COMMAND: 'MDL-F-112',
  /** A script holding no statement at all. */
  EMPTY_SCRIPT: 'MDL-F-113',
} as const;
export type MdlErrorCode = (typeof MdlErrorCode)[keyof typeof MdlErrorCode];

export class MdlError extends Error {
  /** 1-based line of the offending text. */
  readonly line: number;
  /** 1-based column of the offending text. */
  readonly column: number;
  /** The offending text (a token, or a short excerpt from the error position; '' at the end of input). */
  readonly context: string;
  readonly code: MdlErrorCode;
  /** 1-based number of the statement in which the error occurred. */
  readonly statement: number;

  constructor(
    code: MdlErrorCode,
    message: string,
    where: { line: number; column: number; context: string; statement: number },
  ) {
    super(message);
    this.name = 'MdlError';
    this.code = code;
    this.line = where.line;
    this.column = where.column;
    this.context = where.context;
    this.statement = where.statement;
  }
}

export function isMdlError(e: unknown): e is MdlError {
  return e instanceof MdlError;
}
