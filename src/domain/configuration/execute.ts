/**
 * executeScript: endpoint 8. Parses the whole script, applies its statements in order to a clone of
 * the registry, binds the staged files it references, and adopts the clone only if every statement
 * succeeded (gaps.md §7: a script is atomic). The answer has the shape of gaps.md §7; on failure it
 * lists the failing statement only, since nothing of the script was applied.
 *
 * A script is bounded (MAX_SCRIPT_BYTES, MAX_SCRIPT_STATEMENTS: INVALID_DATA beyond, before it is
 * parsed). executeScriptAsync does the same work a slice of statements at a time, letting other
 * requests in between (issue 18); the draft is adopted in one step at the end, so nobody sees half a
 * script, and the scripts of one registry run one after the other.
 */
import { MdlError, tokenize, type ParsedStatement } from '../../mdl/index';
import { apiError } from '../errors';
import { applyStatement, bindClaimedFiles, resolveType, type ApplyContext } from './apply';
import { ConfigErrorCode, ConfigurationError } from './errors';
import { componentKey, type StagingLike } from './model';
import type { ComponentRegistry } from './registry';
import { parseInSlices, statementEnds } from './script-parse';

/** Largest script (UTF-8 bytes) and most statements endpoint 8 takes (chosen, issue 18). */
export const MAX_SCRIPT_BYTES = 1024 * 1024;
export const MAX_SCRIPT_STATEMENTS = 10_000;
/** Statements parsed or applied between two turns given to other requests. */
export const STATEMENTS_PER_SLICE = 100;

export interface ExecuteOptions {
  /** DNS name of the tenant, echoed in every statement result. */
  readonly tenantDns: string;
  readonly stagedFiles?: StagingLike;
  /** Clock in milliseconds, for execution_time (default Date.now). */
  readonly now?: () => number;
}

export interface StatementError {
  readonly line: number;
  readonly message: string;
  readonly context: string;
  readonly code: string;
}

export interface StatementExecution {
  readonly tenant: string;
  readonly statement: number;
  readonly command: string;
  readonly component: string;
  readonly message: string;
  readonly response: 'SUCCESS' | 'FAILURE';
  readonly errors?: readonly StatementError[];
}

export interface ScriptExecutionResult {
  readonly responseStatus: 'SUCCESS' | 'FAILURE';
  readonly script_execution: {
    readonly code: string;
    readonly message: string;
    readonly warnings: number;
    readonly failures: number;
    readonly exceptions: number;
    readonly components_affected: number;
    /** Seconds. */
    readonly execution_time: number;
  };
  readonly statement_execution: readonly StatementExecution[];
}

export const SCRIPT_SUCCESS = { code: 'GEN-S-0', message: 'OK' } as const;
export const SCRIPT_FAILURE = { code: 'GEN-F-401', message: 'Script execution failed' } as const;
const CONTEXT_MAX = 500;

interface Head {
  command: string;
  component: string;
}

/** Command and 'Type.name' of a parsed statement, with the canonical type name when simulated. */
function headOf(p: ParsedStatement): Head {
  const s = p.statement;
  let type = s.componentType;
  try {
    type = resolveType(type).name;
  } catch {
    /* not simulated: keep as written */
  }
  return { command: s.command, component: componentKey(type, s.name) };
}

/** Best-effort command and component of the statement a syntax error interrupted. */
function headAtSyntaxError(text: string, e: MdlError): Head {
  const lines = text.split('\n');
  const offset = lines.slice(0, e.line - 1).reduce((n, l) => n + l.length + 1, 0) + e.column - 1;
  try {
    const tokens = tokenize(text.slice(0, offset));
    let start = 0;
    for (let seen = 1; seen < e.statement && start < tokens.length; start++) if (tokens[start].kind === ';') seen++;
    const words = tokens.slice(start, start + 3).map((t) => (t.kind === 'word' ? t.value : ''));
    return { command: (words[0] ?? '').toUpperCase(), component: words[1] && words[2] ? `${words[1]}.${words[2]}` : '' };
  } catch {
    return { command: '', component: '' };
  }
}

function failure(
  tenant: string,
  statement: number,
  head: Head,
  error: StatementError,
  elapsed: number,
  exception: boolean,
): ScriptExecutionResult {
  const what = [head.command, head.component.replace('.', ' ')].filter(Boolean).join(' ');
  return {
    responseStatus: 'FAILURE',
    script_execution: {
      ...SCRIPT_FAILURE,
      warnings: 0,
      failures: exception ? 0 : 1,
      exceptions: exception ? 1 : 0,
      components_affected: 0,
      execution_time: elapsed,
    },
    statement_execution: [
      { tenant, statement, ...head, message: `[FAILURE] ${what ? `${what}: ` : ''}${error.message}`, response: 'FAILURE', errors: [error] },
    ],
  };
}

/** Runs a script to the end at once (in-process callers, tests). Throws ApiError for a script over the bounds. */
export function executeScript(registry: ComponentRegistry, scriptText: string, options: ExecuteOptions): ScriptExecutionResult {
  const steps = execution(registry, scriptText, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The scripts running or waiting, per registry: each starts when the one before it has ended. */
const running = new WeakMap<ComponentRegistry, Promise<unknown>>();

/**
 * Runs a script a slice at a time (endpoint 8), giving other requests a turn of the event loop
 * between slices; scripts of one registry run one after the other. Rejects with ApiError for a
 * script over the bounds.
 */
export function executeScriptAsync(registry: ComponentRegistry, scriptText: string, options: ExecuteOptions): Promise<ScriptExecutionResult> {
  const run = (running.get(registry) ?? Promise.resolve()).then(async () => {
    const steps = execution(registry, scriptText, options);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  const settled = run.then(() => undefined, () => undefined);
  running.set(registry, settled);
  void settled.then(() => {
    if (running.get(registry) === settled) running.delete(registry);
  });
  return run;
}

/** Refuses a script over MAX_SCRIPT_BYTES or MAX_SCRIPT_STATEMENTS; returns where its statements end. */
function boundedStatements(scriptText: string): number[] {
  if (scriptText.length > MAX_SCRIPT_BYTES || Buffer.byteLength(scriptText, 'utf8') > MAX_SCRIPT_BYTES) throw apiError('mdlScriptTooLarge', MAX_SCRIPT_BYTES);
  const ends = statementEnds(scriptText);
  if (ends.length > MAX_SCRIPT_STATEMENTS) throw apiError('mdlTooManyStatements', MAX_SCRIPT_STATEMENTS);
  return ends;
}

/** The work of a script, yielding after each slice of statements; returns the answer. */
function* execution(registry: ComponentRegistry, scriptText: string, options: ExecuteOptions): Generator<void, ScriptExecutionResult, void> {
  const now = options.now ?? Date.now;
  const started = now();
  const elapsed = () => Math.max(0, Math.round(now() - started)) / 1000;
  const tenant = options.tenantDns;
  const ends = boundedStatements(scriptText);

  let parsed: ParsedStatement[];
  try {
    parsed = yield* parseInSlices(scriptText, ends, STATEMENTS_PER_SLICE);
  } catch (e) {
    if (!(e instanceof MdlError)) throw e;
    const error = { line: e.line, message: e.message, context: e.context, code: e.code };
    return failure(tenant, e.statement, headAtSyntaxError(scriptText, e), error, elapsed(), false);
  }

  const base = registry.revision;
  const draft = registry.clone();
  const ctx: ApplyContext = { draft, staging: options.stagedFiles, claims: new Map(), statement: 0 };
  const results: StatementExecution[] = [];
  const affected = new Set<string>();
  try {
    for (let i = 0; i < parsed.length; i++) {
      if (i > 0 && i % STATEMENTS_PER_SLICE === 0) yield;
      const p = parsed[i];
      ctx.statement = i + 1;
      const head = headOf(p);
      affected.add(applyStatement(ctx, p.statement));
      results.push({ tenant, statement: i + 1, ...head, message: `[SUCCESS] ${head.command} ${head.component.replace('.', ' ')}`, response: 'SUCCESS' });
    }
    // The last step runs at once: nobody can change the registry between this check and the commit.
    registry.assertUnchangedSince(base);
    bindClaimedFiles(ctx);
    registry.commit(draft, base);
  } catch (e) {
    const p = parsed[ctx.statement - 1] ?? parsed[parsed.length - 1];
    const known = e instanceof ConfigurationError;
    const error: StatementError = {
      line: p.span.line,
      message: known ? e.message : `Unexpected error: ${e instanceof Error ? e.message : String(e)}`,
      context: p.span.text.length > CONTEXT_MAX ? `${p.span.text.slice(0, CONTEXT_MAX)}…` : p.span.text,
      code: known ? e.code : ConfigErrorCode.UNEXPECTED,
    };
    return failure(tenant, ctx.statement, headOf(p), error, elapsed(), !known);
  }
  return {
    responseStatus: 'SUCCESS',
    script_execution: { ...SCRIPT_SUCCESS, warnings: 0, failures: 0, exceptions: 0, components_affected: affected.size, execution_time: elapsed() },
    statement_execution: results,
  };
}
