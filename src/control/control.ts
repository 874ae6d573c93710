/**
 * The control plane of one simulator (issue 16): clock, fault rules, request journal, verify,
 * snapshots, reset and sessions. `sim.control` is this object (the programmatic API); the HTTP
 * routes under `/_sim/` (app.ts) are thin over it. It also makes the two pipeline stages
 * (journal, faults) the service app runs.
 *
 * Reset and restore replace the world's state while the app keeps running: the app and its
 * handlers hold the World object, so the same object gets the members of a freshly built world
 * (`Object.assign(world, createWorld(...))`). The clock object stays the same too (it is reset or set).
 */
import { isoMillis } from '../domain/clock';
import { latestVersion } from '../domain/documents/model';
import { canEditCheck } from './checkout';
import { type Settings, type World, createWorld } from '../domain/world';
import type { Exchange, Stage } from '../http/stage';
import { parseDuration } from './duration';
import { type FaultRule, FaultRules, RuleError, readRule } from './faults';
import { faultsStage } from './faults-stage';
import { Journal, type JournalEntry, type JournalQuery } from './journal';
import { journalStage } from './journal-stage';
import type { Matcher } from './match';
import { isPreset, presetRule } from './presets';
import type { Scenario } from './scenario';
import { type SessionView, endSession, listSessions } from './sessions';
import { type Snapshot, restoreSnapshot, takeSnapshot } from './snapshot';
import { readStateFile, writeAtomically } from './state-file';

export { RuleError };

/** What the simulator starts with, and a reset returns to (besides the fixtures). */
export interface StartState {
  /** ISO-8601 or milliseconds: the clock's time at start (`--clock`). */
  clock?: string | number;
  frozen?: boolean;
  /** Fault rules or presets active from start (`--fault`, scenarios). */
  faults?: Record<string, unknown>[];
  scenarios?: Scenario[];
}

export interface ControlOptions {
  settings?: Partial<Settings>;
  start?: StartState;
  /** `--state-file`: loaded at start when it exists, saved by `saveState()`. */
  stateFile?: string;
  /** Decides fault rules' `probability` (tests pass a seeded one). */
  random?: () => number;
  journalCapacity?: number;
  /**
   * `false` (`--no-journal`): no request is recorded; listing and verifying answer 409, emptying
   * does nothing. For a long or heavy run (a load test) that never reads it: recording costs up to
   * ~10–20% of a small request's CPU (docs/decisions.md, "Scale, seventh pass"). Default true.
   */
  journal?: boolean;
  /** Called after a reset or a restored snapshot replaced the world's state (the simulator warms the new one up). */
  onWorldReplaced?: () => void;
}

/** A client's mistake (bad input, unknown id): the HTTP layer answers 400/404 with its message. */
export class ControlError extends Error {
  constructor(message: string, readonly status: 400 | 404 | 409 = 400) {
    super(message);
  }
}

export class Control {
  readonly rules: FaultRules;
  readonly journalRing: Journal;
  /** The stages the service app runs: the journal's only while the journal is on. */
  readonly stages: { journal?: Stage; faults: Stage };
  private readonly firedBy = new WeakMap<Exchange, string>();

  constructor(readonly world: World, private readonly options: ControlOptions = {}) {
    this.rules = new FaultRules(options.random);
    const journalOn = options.journal !== false;
    // With the journal off it records nothing: a journal of no request (no columns allocated).
    this.journalRing = new Journal(journalOn ? options.journalCapacity : 0);
    const plane = this;
    this.stages = {
      journal: journalOn ? journalStage({ journal: this.journalRing, get clock() { return plane.world.clock; }, faultOf: (ex) => this.firedBy.get(ex) }) : undefined,
      // Which rules fired is kept for the journal only.
      faults: faultsStage({ rules: this.rules, world, fired: journalOn ? (ex, rule) => this.firedBy.set(ex, this.firedBy.has(ex) ? `${this.firedBy.get(ex)},${rule.id}` : rule.id) : () => {} }),
    };
    this.applyStart();
    if (options.stateFile) {
      const saved = readStateFile(options.stateFile);
      if (saved !== undefined) this.restore(saved);
    }
  }

  private applyStart(): void {
    const start = this.options.start ?? {};
    for (const s of start.scenarios ?? []) {
      // Frozen first, so that a frozen system clock stands exactly at the time set.
      if (s.clock?.frozen !== undefined) this.freezeClock(s.clock.frozen);
      if (s.clock?.set !== undefined) this.setClock(s.clock.set);
      if (s.clock?.advance !== undefined) this.advanceClock(s.clock.advance);
      for (const [i, f] of s.faults.entries()) {
        try {
          this.addFault(f);
        } catch (e) {
          throw new ControlError(`${s.file}: faults[${i}]: ${(e as Error).message}`);
        }
      }
    }
    if (start.frozen) this.freezeClock(true);
    if (start.clock !== undefined) this.setClock(start.clock);
    for (const f of start.faults ?? []) this.addFault(f);
  }

  // ---- clock ----------------------------------------------------------------------------------

  clock(): { now: string; frozen: boolean } {
    return { now: isoMillis(this.world.clock.now()), frozen: this.world.clock.frozen };
  }

  /** Moves the clock forward by an ISO-8601 duration (`PT21M`) or milliseconds. */
  advanceClock(by: string | number): { now: string; frozen: boolean } {
    const ms = typeof by === 'number' ? by : parseDuration(by);
    if (ms === undefined || !Number.isFinite(ms) || ms < 0) throw new ControlError(`"advance" must be an ISO-8601 duration such as PT21M (got ${JSON.stringify(by)})`);
    this.world.clock.advance(ms);
    return this.clock();
  }

  setClock(to: string | number): { now: string; frozen: boolean } {
    const ms = typeof to === 'number' ? to : Date.parse(to);
    if (typeof to === 'string' && !/^\d{4}-\d{2}-\d{2}T/.test(to)) throw new ControlError(`"set" must be an ISO-8601 time such as 2026-03-01T08:00:00Z (got ${JSON.stringify(to)})`);
    if (!Number.isFinite(ms)) throw new ControlError(`"set" must be an ISO-8601 time (got ${JSON.stringify(to)})`);
    this.world.clock.set(ms);
    return this.clock();
  }

  freezeClock(frozen = true): { now: string; frozen: boolean } {
    if (frozen) this.world.clock.freeze();
    else this.world.clock.unfreeze();
    return this.clock();
  }

  // ---- faults ---------------------------------------------------------------------------------

  /** Adds a fault rule or preset; its id. Throws ControlError for a bad rule. */
  addFault(input: Record<string, unknown>): { id: string } {
    try {
      if (input?.preset === 'checked-out-document') return { id: this.checkOut(input) };
      const rule = isPreset(input?.preset) || input?.preset !== undefined ? presetRule(input) : readRule(input);
      return { id: this.rules.add(rule).id };
    } catch (e) {
      if (e instanceof RuleError) throw new ControlError(e.message);
      throw e;
    }
  }

  faults(): FaultRule[] {
    return this.rules.list();
  }

  /** Removes one rule (a `checked-out-document` check-out is undone); false when there is none. */
  removeFault(id: string): boolean {
    const rule = this.rules.get(id);
    if (rule?.checkedOut) this.undoCheckOut(rule.checkedOut);
    return this.rules.remove(id);
  }

  clearFaults(): void {
    for (const r of this.rules.list()) if (r.checkedOut) this.undoCheckOut(r.checkedOut);
    this.rules.clear();
  }

  private checkOut(input: Record<string, unknown>): string {
    const { tenant, document, by } = canEditCheck(this.world, input);
    return this.rules.add({ preset: 'checked-out-document', checkedOut: { tenant: tenant.dns, document: document.id, by: by.username } }).id;
  }

  private undoCheckOut(c: NonNullable<FaultRule['checkedOut']>): void {
    const tenant = this.world.tenants.byDnsName(c.tenant);
    const by = this.world.users.byUsername(c.by);
    const doc = tenant && by ? this.world.documents.store(tenant.id)?.all().find((d) => d.id === c.document) : undefined;
    if (doc?.lock && doc.lock.by === by!.id && latestVersion(doc)) this.world.documents.store(tenant!.id).unlock(by!, doc.id);
  }

  // ---- journal --------------------------------------------------------------------------------

  /** Whether requests are recorded (not with `--no-journal`). */
  get journalOn(): boolean {
    return this.stages.journal !== undefined;
  }

  /** Throws 409 when the journal is off: an empty answer would read as "no such request". */
  private recording(): Journal {
    if (!this.journalOn) throw new ControlError('the request journal is off (dms-sim was started with --no-journal): no request is recorded', 409);
    return this.journalRing;
  }

  journal(query: JournalQuery = {}): JournalEntry[] {
    return this.recording().query(query);
  }

  /** Empties the journal; with the journal off there is nothing to empty (a test's set-up that always clears goes on). */
  clearJournal(): void {
    this.journalRing.clear();
  }

  /** `{ok, matched}`: exactly `count` matching requests, or at least `atLeast` (default 1). */
  verify(matcher: Matcher & { since?: number; count?: number; atLeast?: number }): { ok: boolean; matched: number } {
    const { count, atLeast, ...q } = matcher;
    return this.recording().verify(q, { count, atLeast });
  }

  // ---- state ----------------------------------------------------------------------------------

  snapshot(): Snapshot {
    return takeSnapshot(this.world);
  }

  /** Replaces the state with a snapshot's (faults and journal stay). Throws SnapshotError. */
  restore(snapshot: unknown): void {
    this.replaceWorld(() => restoreSnapshot(this.world, snapshot, this.options.settings ?? {}));
  }

  /** Replaces the world's state (`replace`), then stops the old stores' background work and tells the simulator. */
  private replaceWorld(replace: () => void): void {
    const before = this.world.documents;
    replace();
    before.background.abort();
    this.options.onWorldReplaced?.();
  }

  /** Back to the loaded fixtures and the start state: sessions, documents, configuration, journal, faults, clock. */
  reset(): void {
    const { world } = this;
    world.clock.reset();
    this.replaceWorld(() => {
      Object.assign(world, createWorld(world.fixtures, world.clock, this.options.settings));
      this.rules.clear();
      this.journalRing.clear();
      this.applyStart();
    });
  }

  get stateFile(): string | undefined {
    return this.options.stateFile;
  }

  /** Writes the snapshot to `--state-file` atomically; the path, or undefined when there is none. */
  saveState(): string | undefined {
    if (!this.options.stateFile) return undefined;
    writeAtomically(this.options.stateFile, JSON.stringify(this.snapshot()));
    return this.options.stateFile;
  }

  // ---- sessions -------------------------------------------------------------------------------

  sessions(): SessionView[] {
    return listSessions(this.world);
  }

  /** Ends a session by handle or id; false when no live session has it. */
  endSession(key: string): boolean {
    return endSession(this.world, key);
  }
}
