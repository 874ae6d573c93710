import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_FIELD_CHARS, MAX_ROWS_PER_TENANT, UsageLog, type UsageRow } from './index';
import { rowBytes } from './ring';

const row = (over: Partial<UsageRow> = {}): UsageRow => ({
  time: Date.parse('2026-01-15T09:00:00.000Z'), executionId: 'e1', method: 'GET', endpoint: '/api/v25.3', responseStatus: 'SUCCESS',
  clientId: 'unknown', delayMs: 0, durationMs: 3, ...over,
});

describe('UsageLog', () => {
  it('CSV: a header line, CRLF line ends, empty cells for absent values, RFC 4180 quoting', () => {
    const csv = UsageLog.csv([row(), row({ referenceId: 'a,"b"\nc', userId: 5, version: 'v25.3', burstRemaining: 0, delayMs: 500 })]);
    expect(csv).toBe(
      'timestamp,execution_id,user_id,truncated_session_id,http_method,endpoint,api_version,response_status,client_id,reference_id,api_burst_remaining,response_delay_ms,duration_ms\r\n' +
      '2026-01-15T09:00:00.000Z,e1,,,GET,/api/v25.3,,SUCCESS,unknown,,,0,3\r\n' +
      '2026-01-15T09:00:00.000Z,e1,5,,GET,/api/v25.3,v25.3,SUCCESS,unknown,"a,""b""\nc",0,500,3\r\n',
    );
  });

  it('keeps rows per tenant and selects a UTC day', () => {
    const log = new UsageLog();
    log.record(1, row({ executionId: 'late', time: Date.parse('2026-01-15T23:59:59.999Z') }));
    log.record(1, row({ executionId: 'next', time: Date.parse('2026-01-16T00:00:00.000Z') }));
    log.record(2, row({ executionId: 'other' }));
    expect(log.day(1, '2026-01-15').map((r) => r.executionId)).toEqual(['late']);
    expect(log.day(1, '2026-01-16').map((r) => r.executionId)).toEqual(['next']);
    expect(log.day(3, '2026-01-15')).toEqual([]);
  });

  it('drops the oldest rows beyond the cap, one for one', () => {
    const log = new UsageLog(3000);
    for (let i = 0; i < 3000; i++) log.record(1, row({ executionId: String(i) }));
    expect(log.day(1, '2026-01-15')).toHaveLength(3000);
    log.record(1, row({ executionId: 'last' }));
    log.record(1, row({ executionId: 'after last', userId: 7, burstRemaining: 0, referenceId: 'r' }));
    const rows = log.day(1, '2026-01-15');
    expect(rows).toHaveLength(3000);
    expect(rows[0].executionId).toBe('2');
    expect(rows.at(-2)).toEqual(row({ executionId: 'last' }));
    expect(rows.at(-1)).toEqual(row({ executionId: 'after last', userId: 7, burstRemaining: 0, referenceId: 'r' }));
  });

  it('gives back each row as recorded, absent values absent, in order across growth and wrap-around', () => {
    const log = new UsageLog(2500);
    const made: UsageRow[] = [];
    for (let i = 0; i < 6000; i++) {
      const r = row({
        // Execution ids as the app makes them (UUIDs, kept as bytes) and others (kept as text).
        time: Date.parse('2026-01-15T00:00:00.000Z') + i * 1000, executionId: i % 3 === 1 ? `e${i}` : randomUUID(), endpoint: `/api/v25.3/objects/documents/${i % 7}`,
        ...(i % 3 ? { userId: 61000 + (i % 5), truncatedSessionId: `S${i % 4}`, version: 'v25.3' } : {}),
        ...(i % 4 === 0 ? { burstRemaining: i % 100, referenceId: `ref-${i}` } : {}), delayMs: i % 2 ? 0 : 250, durationMs: i % 9,
      });
      made.push(r);
      log.record(9, r);
    }
    expect(log.day(9, '2026-01-15')).toEqual(made.slice(-2500).filter((r) => r.time < Date.parse('2026-01-16T00:00:00.000Z')));
    expect(log.day(9, '2026-01-15')[0]).toEqual(made[3500]);
    // The bytes counted are those of the rows kept, however their execution ids are stored.
    expect(log.sizeOf(9)).toEqual({ rows: 2500, bytes: made.slice(-2500).reduce((n, r) => n + rowBytes(r), 0) });
  });

  it('cuts a field just over MAX_FIELD_CHARS in a row whose text is short otherwise; keeps fields of exactly that length whole', () => {
    const log = new UsageLog();
    const atMost = 'm'.repeat(MAX_FIELD_CHARS);
    log.record(7, row({ referenceId: `${atMost}x` }));
    log.record(7, row({ referenceId: atMost, clientId: atMost, truncatedSessionId: atMost }));
    const [cut, whole] = log.day(7, '2026-01-15');
    expect(cut.referenceId).toBe(atMost);
    expect([whole.referenceId, whole.clientId, whole.truncatedSessionId]).toEqual([atMost, atMost, atMost]);
  });
});
