/**
 * ISO-8601 durations as the control plane takes them (`PT21M`, `P1DT2H`, `PT0.5S`, `P2W`):
 * designators Y, M, W, D before `T`, and H, M, S after it; the seconds may have a fraction.
 * (chosen) A year is 365 days and a month 30 days: the simulator's time line has no calendar.
 * Negative durations are refused (the clock is moved back with `set`).
 */
const PATTERN = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNITS = [365 * DAY, 30 * DAY, 7 * DAY, DAY, HOUR, MINUTE, SECOND];

/** The duration in milliseconds (rounded), or undefined when `text` is not an ISO-8601 duration. */
export function parseDuration(text: string): number | undefined {
  const m = PATTERN.exec(text.trim().toUpperCase());
  if (!m || text.trim().toUpperCase().endsWith('T') || m.slice(1).every((p) => p === undefined)) return undefined;
  let ms = 0;
  for (let i = 0; i < UNITS.length; i++) if (m[i + 1] !== undefined) ms += Number(m[i + 1]) * UNITS[i];
  return Number.isFinite(ms) ? Math.round(ms) : undefined;
}
