export type {
  AlterChange,
  AlterStatement,
  Attribute,
  AttributeChange,
  Command,
  DefineStatement,
  DropStatement,
  ParsedStatement,
  RenameStatement,
  Scalar,
  Statement,
  StatementSpan,
  SubcomponentDef,
} from './ast';
export { COMMANDS } from './ast';
export { MdlError, MdlErrorCode, isMdlError } from './errors';
export { tokenize, type Token, type TokenKind } from './lexer';
export { parse, parseWithSpans } from './parser';
export { print, printStatement, printAttribute, printScalar, quote } from './print';
