/**
 * Fault rules (issue 16): what to match (match.ts), how often (`times`, `probability`) and what to
 * inject. Effects: `delayMs` (alone, or before one of the others), `failure` (+ `message`: the
 * service's FAILURE body), `status` (an HTTP status with a FAILURE body), `throttle` (the burst-
 * exhausted answer), `drop` (the connection closed with no answer), `truncate` (the answer cut after
 * n bytes), `expireSession` (the presented session ends: INVALID_SESSION_ID, preset
 * `expired-session`). Rules are tried in the order added: every delay-only rule that fires adds its delay, and the first
 * rule with another effect that fires applies it.
 * Plain data and rules only: the stage (faults-stage.ts) turns the chosen rule into an answer.
 */
import { ErrorType } from '../domain/errors';
import { type Matcher, type RequestFacts, type RequestTest, compileMatcher, MATCH_FIELDS, readMatcher } from './match';

export interface FaultEffects {
  delayMs?: number;
  failure?: ErrorType;
  message?: string;
  status?: number;
  throttle?: true;
  drop?: true;
  truncate?: number;
  expireSession?: true;
  /** Extra response headers of a `failure`/`status` answer (presets: the downtime header). */
  headers?: Record<string, string>;
}

export interface FaultRule extends Matcher, FaultEffects {
  id: string;
  /** The preset the rule was made from, if any. */
  preset?: string;
  /** How many more times it fires; absent: unlimited. */
  times?: number;
  probability?: number;
  /** How many times it fired. */
  fired: number;
  /** Preset `checked-out-document`: the check-out it made (no effect on requests; removing the rule undoes it). */
  checkedOut?: { tenant: string; document: number; by: string };
}

/** A client's mistake in a rule: answered 400 with its message. */
export class RuleError extends Error {}

const EFFECTS = ['failure', 'status', 'throttle', 'drop', 'truncate', 'expireSession'] as const;
const ERROR_TYPES = new Set<string>(Object.values(ErrorType));
const KNOWN = new Set<string>([...MATCH_FIELDS, ...EFFECTS, 'delayMs', 'message', 'headers', 'times', 'probability', 'preset']);

const wholeNumber = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Checks a rule as a client sent it; throws RuleError naming the problem. */
export function readRule(input: unknown): Omit<FaultRule, 'id' | 'fired'> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new RuleError('a fault rule is a JSON object');
  const r = input as Record<string, unknown>;
  const unknown = Object.keys(r).filter((k) => !KNOWN.has(k));
  if (unknown.length) throw new RuleError(`unknown field(s) of a fault rule: ${unknown.join(', ')}`);
  let rule: Omit<FaultRule, 'id' | 'fired'>;
  try {
    rule = readMatcher(r);
  } catch (e) {
    throw new RuleError((e as Error).message);
  }
  if (r.times !== undefined) {
    if (!wholeNumber(r.times, 1)) throw new RuleError('"times" must be a whole number of at least 1');
    rule.times = r.times;
  }
  if (r.probability !== undefined) {
    if (typeof r.probability !== 'number' || !(r.probability >= 0 && r.probability <= 1)) throw new RuleError('"probability" must be a number from 0 to 1');
    rule.probability = r.probability;
  }
  if (r.delayMs !== undefined) {
    if (!wholeNumber(r.delayMs, 0, 600_000)) throw new RuleError('"delayMs" must be a whole number of milliseconds from 0 to 600000');
    rule.delayMs = r.delayMs;
  }
  const given = EFFECTS.filter((k) => r[k] !== undefined && r[k] !== false);
  if (given.length > 1) throw new RuleError(`a fault rule injects one of ${EFFECTS.join(', ')} (with or without delayMs); got ${given.join(', ')}`);
  if (given.length === 0 && rule.delayMs === undefined) throw new RuleError(`a fault rule needs an effect: delayMs, ${EFFECTS.join(', ')}`);
  if (r.failure !== undefined) {
    if (typeof r.failure !== 'string' || !ERROR_TYPES.has(r.failure)) throw new RuleError(`"failure" must be one of the service's error types: ${[...ERROR_TYPES].join(', ')}`);
    rule.failure = r.failure as ErrorType;
  }
  if (r.message !== undefined) {
    if (typeof r.message !== 'string') throw new RuleError('"message" must be a string');
    if (r.failure === undefined && r.status === undefined) throw new RuleError('"message" goes with "failure" or "status"');
    rule.message = r.message;
  }
  if (r.status !== undefined) {
    if (!wholeNumber(r.status, 200, 599)) throw new RuleError('"status" must be an HTTP status from 200 to 599');
    rule.status = r.status;
  }
  for (const flag of ['throttle', 'drop', 'expireSession'] as const) {
    if (r[flag] === undefined || r[flag] === false) continue;
    if (r[flag] !== true) throw new RuleError(`"${flag}" must be true`);
    rule[flag] = true;
  }
  if (r.truncate !== undefined) {
    if (!wholeNumber(r.truncate, 0)) throw new RuleError('"truncate" must be a whole number of bytes');
    rule.truncate = r.truncate;
  }
  if (r.headers !== undefined) {
    const h = r.headers;
    if (!h || typeof h !== 'object' || Array.isArray(h) || Object.values(h).some((v) => typeof v !== 'string')) throw new RuleError('"headers" must be an object of strings');
    if (rule.failure === undefined && rule.status === undefined) throw new RuleError('"headers" goes with "failure" or "status"');
    rule.headers = { ...(h as Record<string, string>) };
  }
  if (r.preset !== undefined) rule.preset = String(r.preset);
  return rule;
}

/** The fault rules of one simulator. */
export class FaultRules {
  private rules: { rule: FaultRule; test: RequestTest }[] = [];
  private next = 1;

  /** `random` decides `probability` (tests pass a seeded one). */
  constructor(private readonly random: () => number = Math.random) {}

  add(rule: Omit<FaultRule, 'id' | 'fired'>): FaultRule {
    const stored: FaultRule = { id: `f${this.next++}`, ...rule, fired: 0 };
    this.rules.push({ rule: stored, test: compileMatcher(stored) });
    return stored;
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r.rule }));
  }

  get(id: string): FaultRule | undefined {
    return this.rules.find((r) => r.rule.id === id)?.rule;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  get size(): number {
    return this.rules.length;
  }

  /**
   * The rules that fire for this request, each counted (its `times` goes down): every rule that only
   * delays, and the first rule with another effect, in the order added; a rule fires when it matches,
   * has times left and passes its probability. `hasSession`: an `expireSession` rule needs one.
   */
  fire(facts: RequestFacts, hasSession: boolean): FaultRule[] {
    const fired: FaultRule[] = [];
    for (const { rule, test } of this.rules) {
      if (rule.checkedOut || rule.times === 0 || (rule.expireSession && !hasSession) || !test(facts)) continue;
      if (rule.probability !== undefined && !(this.random() < rule.probability)) continue;
      if (rule.times !== undefined) rule.times--;
      rule.fired++;
      fired.push(rule);
      if (!onlyDelays(rule)) break;
    }
    return fired;
  }
}

/** A rule whose only effect is a delay: later rules are tried too. */
const onlyDelays = (r: FaultRule): boolean =>
  r.failure === undefined && r.status === undefined && !r.throttle && !r.drop && r.truncate === undefined && !r.expireSession;

/** A rule in one line (the start-up banner): what it does, to which requests, how often. */
export function ruleSummary(r: FaultRule): string {
  // The checked-out-document preset acts on no request: its check-out is the effect (as the console shows it).
  if (r.checkedOut) return `${r.id}: document ${r.checkedOut.document} checked out by ${r.checkedOut.by} in ${r.checkedOut.tenant}`;
  const effects = r.preset ? [`preset ${r.preset}`] : [
    r.failure && `failure ${r.failure}`, r.status !== undefined && `status ${r.status}`, r.throttle && 'throttle', r.drop && 'drop',
    r.truncate !== undefined && `truncate at ${r.truncate} bytes`, r.expireSession && 'expire the session', r.delayMs && `delay ${r.delayMs} ms`,
  ].filter((e): e is string => typeof e === 'string');
  const match = MATCH_FIELDS.filter((f) => r[f] !== undefined).map((f) => `${f} ${r[f]}`);
  const often = [r.probability !== undefined && `probability ${r.probability}`, r.times !== undefined && `${r.times} more time${r.times === 1 ? '' : 's'}`].filter(Boolean);
  return `${r.id}: ${effects.join(', ')} on ${match.length ? match.join(', ') : 'every request'}${often.length ? ` (${often.join(', ')})` : ''}`;
}
