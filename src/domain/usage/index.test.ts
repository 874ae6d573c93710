import { describe, expect, it } from 'vitest';
import { MAX_ROWS_PER_TENANT, UsageLog, type UsageRow } from './index';

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

  it('drops the oldest rows beyond the cap, a batch at a time', () => {
    const log = new UsageLog();
    const over = MAX_ROWS_PER_TENANT + MAX_ROWS_PER_TENANT / 10;
    for (let i = 0; i < over; i++) log.record(1, row({ executionId: String(i) }));
    // Up to 10% over the cap, nothing is dropped yet.
    expect(log.day(1, '2026-01-15')).toHaveLength(over);
    log.record(1, row({ executionId: 'last' }));
    const rows = log.day(1, '2026-01-15');
    expect(rows).toHaveLength(MAX_ROWS_PER_TENANT);
    expect(rows[0].executionId).toBe(String(over + 1 - MAX_ROWS_PER_TENANT));
    expect(rows[rows.length - 1].executionId).toBe('last');
  });
});
