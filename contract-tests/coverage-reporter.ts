/**
 * Prints, at the end of the run, the operations of spec/openapi.yaml that carry an
 * `x-dms-endpoint` number (the 28 endpoints of the spec), each as exercised (answered and
 * validated), skipped (the target answered "not implemented") or not exercised, from the
 * exchanges the checks recorded (lib/client.ts appends one JSON line per answer).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Reporter } from 'vitest/node';
import { loadOpenApi } from '../src/openapi/load';
import type { CoverageRecord } from './lib/client';

type State = 'exercised' | 'failures only' | 'violations' | 'skipped' | 'not exercised';

export function coverageTable(records: CoverageRecord[]): { text: string; counts: Record<State, number> } {
  const ops = loadOpenApi().operations.filter((o) => o.endpoint !== undefined).sort((a, b) => a.endpoint! - b.endpoint!);
  const counts: Record<State, number> = { exercised: 0, 'failures only': 0, violations: 0, skipped: 0, 'not exercised': 0 };
  const lines = ['', 'Contract coverage: the endpoints of spec/openapi.yaml (x-dms-endpoint)', ''];
  lines.push(`  ${'#'.padStart(2)}  ${'operation'.padEnd(34)} ${'calls'.padStart(5)}  state`);
  for (const op of ops) {
    const mine = records.filter((r) => r.op === op.id);
    const state: State = mine.some((r) => r.outcome === 'violation')
      ? 'violations'
      : mine.some((r) => r.outcome === 'ok' && r.status !== 'FAILURE')
        ? 'exercised'
        : mine.some((r) => r.outcome === 'ok')
          ? 'failures only'
          : mine.length > 0
          ? 'skipped'
          : 'not exercised';
    counts[state]++;
    const label =
      state === 'skipped'
        ? 'SKIPPED (not implemented by the target)'
        : state === 'violations'
          ? 'exercised, with contract violations'
          : state === 'failures only'
            ? 'exercised (FAILURE answers only)'
            : state;
    lines.push(`  ${String(op.endpoint).padStart(2)}  ${op.id.padEnd(34)} ${String(mine.length).padStart(5)}  ${label}`);
  }
  const others = new Set(records.filter((r) => r.endpoint === undefined && r.outcome !== 'not-implemented').map((r) => r.op));
  lines.push('');
  lines.push(
    `  ${counts.exercised + counts.violations}/${ops.length} exercised` +
      `${counts['failures only'] ? `, ${counts['failures only']} with FAILURE answers only` : ''}` +
      `${counts.violations ? ` (${counts.violations} with violations)` : ''}, ${counts.skipped} skipped (not implemented), ${counts['not exercised']} not exercised` +
      `${others.size ? `; also exercised outside the ${ops.length}: ${[...others].sort().join(', ')}` : ''}`,
  );
  return { text: lines.join('\n'), counts };
}

export default class CoverageReporter implements Reporter {
  onTestRunEnd(): void {
    const file = process.env.CONTRACT_COVERAGE_FILE;
    if (!file || !existsSync(file)) return;
    const records = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as CoverageRecord);
    // No exchange at all: the target was never reached, and the run's error says why (a table of 28 "not exercised" would bury it).
    if (records.length > 0) console.log(coverageTable(records).text);
    if (!process.env.CONTRACT_KEEP_COVERAGE) rmSync(file, { force: true });
  }
}
