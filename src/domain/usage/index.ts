/**
 * The API usage log (gaps.md §4): one row per call, per tenant, downloadable as CSV by day.
 */
import { TEXTS, textUnits, UsageRing } from './ring';

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
/** Bytes of rows kept per tenant (chosen, issue 18; counted by `rowBytes`): beyond them the oldest go first. */
export const MAX_BYTES_PER_TENANT = 32 * 1024 * 1024;
/** Characters kept of each text field (chosen, issue 18, like the columns of the real log): the rest is cut. */
export const MAX_FIELD_CHARS = 256;


/** `text` cut to `max` UTF-16 units, without leaving half of a surrogate pair at the end. */
export function cut(text: string, max = MAX_FIELD_CHARS): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** A copy of the row with each text field cut to MAX_FIELD_CHARS. */
function bounded(row: UsageRow): UsageRow {
  const out: UsageRow = { ...row };
  for (const f of TEXTS) {
    const v = out[f];
    if (v !== undefined && v.length > MAX_FIELD_CHARS) out[f] = cut(v);
  }
  return out;
}

export class UsageLog {
  private readonly rings = new Map<number, UsageRing>();
  private uncharged = 0;

  constructor(private readonly capacity = MAX_ROWS_PER_TENANT, private readonly maxBytes = MAX_BYTES_PER_TENANT) {}

  /** A call of a valid session (or delegated user) of the tenant: one row, each text field cut to MAX_FIELD_CHARS. */
  record(tenantId: number, row: UsageRow): void {
    let ring = this.rings.get(tenantId);
    if (!ring) this.rings.set(tenantId, (ring = new UsageRing(this.capacity, this.maxBytes)));
    // No field is too long while all of them together are not: a usual row is pushed as it is, not copied.
    ring.push(textUnits(row) > MAX_FIELD_CHARS ? bounded(row) : row);
  }

  /** A call that named no valid session: counted here, in no tenant's log (a client must not fill a tenant's log). */
  countUncharged(): void {
    this.uncharged++;
  }

  /** Calls counted by countUncharged since start. */
  get unchargedCalls(): number {
    return this.uncharged;
  }

  /** Rows and counted bytes kept for a tenant. */
  sizeOf(tenantId: number): { rows: number; bytes: number } {
    const ring = this.rings.get(tenantId);
    return { rows: ring?.length ?? 0, bytes: ring?.bytes ?? 0 };
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
