/**
 * MDL parser. Grammar (keywords case-insensitive, written uppercase in the tree):
 *
 *   script     := statement+
 *   statement  := (CREATE | RECREATE) Type name [ '(' [defItem {',' defItem}] ')' ] ';'
 *               | ALTER Type name '(' [alterItem {',' alterItem}] ')' ';'
 *               | DROP Type name ';'
 *               | RENAME Type name TO newName ';'
 *   defItem    := attribute | Subtype name '(' [attribute {',' attribute}] ')'
 *   attribute  := name '(' [scalar {',' scalar}] ')'
 *   alterItem  := change | ADD Subtype name '(' attributes ')' | MODIFY Subtype name '(' changes ')'
 *               | DROP Subtype name | RENAME Subtype old TO new
 *   change     := attribute | name (ADD | DROP) '(' [scalar {',' scalar}] ')'
 *   scalar     := 'string' | number | true | false
 *
 * `parse()` throws only MdlError, for any input.
 */
import type {
  AlterChange,
  Attribute,
  AttributeChange,
  Command,
  ParsedStatement,
  Scalar,
  Statement,
  SubcomponentDef,
} from './ast';
import { COMMANDS } from './ast';
import { MdlError, MdlErrorCode } from './errors';
import { tokenize, type Token, type TokenKind } from './lexer';

export function parse(text: string): Statement[] {
  return parseWithSpans(text).map((p) => p.statement);
}

export function parseWithSpans(text: string): ParsedStatement[] {
  if (typeof text !== 'string') {
    throw new MdlError(MdlErrorCode.EMPTY_SCRIPT, 'The script must be text', { line: 1, column: 1, context: '', statement: 1 });
  }
  const tokens = tokenize(text);
  const p = new Parser(tokens);
  const out: ParsedStatement[] = [];
  if (p.peek().kind === 'eof') {
    throw new MdlError(MdlErrorCode.EMPTY_SCRIPT, 'The script holds no statement; it must start with CREATE, RECREATE, RENAME, ALTER or DROP', {
      line: p.peek().line,
      column: p.peek().column,
      context: '',
      statement: 1,
    });
  }
  while (p.peek().kind !== 'eof') {
    const first = p.peek();
    const statement = p.statement(out.length + 1);
    const last = p.previous();
    out.push({
      statement,
      span: { line: first.line, column: first.column, text: text.slice(first.offset, last.offset + last.raw.length) },
    });
  }
  return out;
}

const describe = (t: Token): string => (t.kind === 'eof' ? 'end of script' : `'${t.raw}'`);

class Parser {
  private pos = 0;
  private statementNo = 1;

  constructor(private readonly tokens: Token[]) {}

  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)];
  }

  previous(): Token {
    return this.tokens[this.pos - 1];
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  private fail(t: Token, message: string, code?: MdlErrorCode): never {
    const c = code ?? (t.kind === 'eof' ? MdlErrorCode.UNEXPECTED_END : MdlErrorCode.UNEXPECTED_TOKEN);
    throw new MdlError(c, message, { line: t.line, column: t.column, context: t.raw, statement: this.statementNo });
  }

  private expect(kind: TokenKind, what: string): Token {
    const t = this.peek();
    if (t.kind !== kind) this.fail(t, `Expected ${what} but found ${describe(t)}`);
    return this.next();
  }

  private word(what: string): string {
    return this.expect('word', what).value;
  }

  private isKeyword(t: Token, keyword: string): boolean {
    return t.kind === 'word' && t.value.toUpperCase() === keyword;
  }

  private keyword(keyword: string): void {
    const t = this.peek();
    if (!this.isKeyword(t, keyword)) this.fail(t, `Expected ${keyword} but found ${describe(t)}`);
    this.next();
  }

  /** `( item {, item} )` with possibly no items. */
  private list<T>(item: () => T): T[] {
    this.expect('(', "'('");
    const items: T[] = [];
    if (this.peek().kind === ')') {
      this.next();
      return items;
    }
    for (;;) {
      items.push(item());
      const t = this.peek();
      if (t.kind === ',') {
        this.next();
        continue;
      }
      if (t.kind === ')') {
        this.next();
        return items;
      }
      this.fail(t, `Expected ',' or ')' but found ${describe(t)}`);
    }
  }

  statement(no: number): Statement {
    this.statementNo = no;
    const t = this.peek();
    const command = (t.kind === 'word' ? t.value.toUpperCase() : '') as Command;
    if (!COMMANDS.includes(command)) {
      this.fail(t, `Expected CREATE, RECREATE, RENAME, ALTER or DROP but found ${describe(t)}`, t.kind === 'eof' ? undefined : MdlErrorCode.UNKNOWN_COMMAND);
    }
    this.next();
    const componentType = this.word('a component type');
    const name = this.word('a component name');
    let statement: Statement;
    switch (command) {
      case 'CREATE':
      case 'RECREATE': {
        const attributes: Attribute[] = [];
        const subcomponents: SubcomponentDef[] = [];
        if (this.peek().kind === '(') {
          this.list(() => {
            if (this.peek(1).kind === 'word') subcomponents.push(this.subcomponent());
            else attributes.push(this.attribute());
          });
        }
        statement = { command, componentType, name, attributes, subcomponents };
        break;
      }
      case 'ALTER':
        statement = { command, componentType, name, changes: this.list(() => this.alterChange()) };
        break;
      case 'DROP':
        statement = { command, componentType, name };
        break;
      case 'RENAME':
        this.keyword('TO');
        statement = { command, componentType, name, newName: this.word('the new component name') };
        break;
    }
    this.expect(';', "';'");
    return statement;
  }

  private scalar(): Scalar {
    const t = this.next();
    if (t.kind === 'string') return { kind: 'string', value: t.value };
    if (t.kind === 'number') return { kind: 'number', value: t.value };
    if (t.kind === 'word' && /^(true|false)$/i.test(t.value)) return { kind: 'boolean', value: t.value.toLowerCase() === 'true' };
    return this.fail(t, `Expected a value ('string', number, true or false) but found ${describe(t)}`);
  }

  private attribute(): Attribute {
    const name = this.word('an attribute name');
    return { name, values: this.list(() => this.scalar()) };
  }

  private subcomponent(): SubcomponentDef {
    const subtype = this.word('a subcomponent type');
    const name = this.word('a subcomponent name');
    return { subtype, name, attributes: this.list(() => this.attribute()) };
  }

  private attributeChange(): AttributeChange {
    const name = this.word('an attribute name');
    const t = this.peek();
    let op: AttributeChange['op'] = 'set';
    if (this.isKeyword(t, 'ADD') || this.isKeyword(t, 'DROP')) {
      op = t.value.toUpperCase() === 'ADD' ? 'add' : 'drop';
      this.next();
    }
    return { kind: 'attribute', op, name, values: this.list(() => this.scalar()) };
  }

  private alterChange(): AlterChange {
    const t = this.peek();
    // `DROP Sub name` vs an attribute called `drop` changed by `drop DROP (...)`: the keyword forms have two words after.
    const keyword = t.kind === 'word' && this.peek(1).kind === 'word' && this.peek(2).kind === 'word' ? t.value.toUpperCase() : '';
    switch (keyword) {
      case 'ADD':
        this.next();
        return { kind: 'add', sub: this.subcomponent() };
      case 'MODIFY': {
        this.next();
        const subtype = this.word('a subcomponent type');
        const name = this.word('a subcomponent name');
        return { kind: 'modify', subtype, name, changes: this.list(() => this.attributeChange()) };
      }
      case 'DROP': {
        this.next();
        const subtype = this.word('a subcomponent type');
        return { kind: 'drop', subtype, name: this.word('a subcomponent name') };
      }
      case 'RENAME': {
        this.next();
        const subtype = this.word('a subcomponent type');
        const from = this.word('a subcomponent name');
        this.keyword('TO');
        return { kind: 'rename', subtype, from, to: this.word('the new subcomponent name') };
      }
      default:
        return this.attributeChange();
    }
  }
}
