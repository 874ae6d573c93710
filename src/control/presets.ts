/**
 * Fault presets by name (`POST /_sim/faults {"preset": ...}`, `--fault <preset>`, scenarios): each
 * is a rule as a client could have written it, with the preset's name kept on it. The match fields
 * and `times`/`probability` given beside the preset narrow or bound it.
 * `checked-out-document` changes state instead (control.ts): a document checked out by another user.
 */
import { errorItem } from '../domain/errors';
import { type FaultRule, RuleError, readRule } from './faults';

export const PRESETS = ['expired-session', 'throttled-login', 'checked-out-document', 'expired-query-page', 'service-unavailable'] as const;
export type PresetName = (typeof PRESETS)[number];

/** (chosen) The downtime `service-unavailable` announces unless `minutes` is given. */
export const DEFAULT_DOWNTIME_MINUTES = 30;

export const isPreset = (name: unknown): name is PresetName => typeof name === 'string' && (PRESETS as readonly string[]).includes(name);

/** The fields a preset takes beside the match fields, `times` and `probability`. */
const OWN_FIELDS: Record<PresetName, string[]> = {
  'expired-session': [],
  'throttled-login': [],
  'checked-out-document': ['document', 'by'],
  'expired-query-page': [],
  'service-unavailable': ['minutes'],
};

/** The rule a request preset stands for (not `checked-out-document`); throws RuleError. */
export function presetRule(input: Record<string, unknown>): Omit<FaultRule, 'id' | 'fired'> {
  const name = input.preset;
  if (!isPreset(name)) throw new RuleError(`unknown preset ${JSON.stringify(name)}; one of ${PRESETS.join(', ')}`);
  const { preset: _, ...rest } = input;
  for (const f of OWN_FIELDS[name]) delete rest[f];
  const effects: Record<string, unknown> = {};
  switch (name) {
    case 'expired-session':
      // The next call presenting a session: that session ends (and stays ended), INVALID_SESSION_ID.
      Object.assign(effects, { expireSession: true, times: 1 });
      break;
    case 'throttled-login':
      Object.assign(effects, { operationId: 'createSession', throttle: true });
      break;
    case 'expired-query-page': {
      const item = errorItem('queryResultExpired', '');
      // Both page operations (POST and GET) of endpoint 7's links: the path names them.
      Object.assign(effects, { method: undefined, path: '/api/*/query/*', failure: item.type, message: item.message.replace(' [] ', ' ') });
      break;
    }
    case 'service-unavailable': {
      const minutes = input.minutes ?? DEFAULT_DOWNTIME_MINUTES;
      if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 0) throw new RuleError('"minutes" must be a whole number');
      Object.assign(effects, {
        status: 503, message: `The service is unavailable for maintenance; expected back in ${minutes} minutes.`,
        headers: { 'X-TenantAPI-DowntimeExpectedDurationMinutes': String(minutes) },
      });
      break;
    }
    case 'checked-out-document':
      throw new RuleError('checked-out-document changes state: see Control.addFault');
  }
  return { ...readRule({ ...effects, ...rest }), preset: name };
}
