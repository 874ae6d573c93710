/**
 * The API usage log (gaps.md §4): one row per call, per tenant, downloadable as CSV by day.
 */
import { UsageRing } from './ring';

export interface UsageRow {
  time: number;
  executionId: string;
  userId?: number;
  truncatedSessionId?: string;
  method: string;
  endpoint: string;
  version?: string;
  responseStatus: string;
  clientId: string;
  referenceId?: string;
  burstRemaining?: number;
  delayMs: number;
  durationMs: number;
}

const columns: [string, (r: UsageRow) => unknown][] = [
  ['timestamp', (r) => new Date(r.time).toISOString()],
  ['execution_id', (r) => r.executionId],
  ['user_id', (r) => r.userId],
  ['truncated_session_id', (r) => r.truncatedSessionId],
  ['http_method', (r) => r.method],
  ['endpoint', (r) => r.endpoint],
  ['api_version', (r) => r.version],
  ['response_status', (r) => r.responseStatus],
  ['client_id', (r) => r.clientId],
  ['reference_id', (r) => r.referenceId],
  ['api_burst_remaining', (r) => r.burstRemaining],
  ['response_delay_ms', (r) => r.delayMs],
  ['duration_ms', (r) => r.durationMs],
];

/** Rows kept per tenant; beyond them the oldest go first (the log is for inspection, not an archive). */
export const MAX_ROWS_PER_TENANT = 100_000;

export class UsageLog {
  private readonly rings = new Map<number, UsageRing>();

  constructor(private readonly capacity = MAX_ROWS_PER_TENANT) {}

  record(tenantId: number, row: UsageRow): void {
    let ring = this.rings.get(tenantId);
    if (!ring) this.rings.set(tenantId, (ring = new UsageRing(this.capacity)));
    ring.push(row);
  }

  /** Rows of one UTC day, `YYYY-MM-DD`, oldest first. */
  day(tenantId: number, date: string): UsageRow[] {
    const start = Date.parse(`${date}T00:00:00.000Z`);
    const end = start + 24 * 3600_000;
    return this.rings.get(tenantId)?.rows((t) => t >= start && t < end) ?? [];
  }

  static csv(rows: UsageRow[]): string {
    const cell = (v: unknown) => {
      let s = v === undefined || v === null ? '' : String(v);
      // A cell a spreadsheet would run as a formula (client-supplied ids) is kept as text.
      if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
      return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    return [columns.map(([name]) => name).join(','), ...rows.map((r) => columns.map(([, get]) => cell(get(r))).join(','))].join('\r\n') + '\r\n';
  }
}
