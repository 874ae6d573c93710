/**
 * The control plane's own OpenAPI 3.1 document (not part of the service's): written to
 * spec/control.openapi.yaml by `npm run spec` (generate.ts), served at `GET /_sim/openapi.json`,
 * and used by the tests to check the control plane's answers.
 */
import { PRESETS } from './presets';
import { ErrorType } from '../domain/errors';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ok = (description: string, schema: object, status = '200') => ({ [status]: { description, ...json(schema) } });
const err = (status: string, description: string) => ({ [status]: { description, ...json(ref('Error')) } });
const common = { ...err('401', 'A token is configured and X-Sim-Control-Token is missing or wrong'), ...err('404', 'The control plane is off, or no such object') };
const journalOff = err('409', 'The journal is off (--no-journal)');

const matchProperties = {
  operationId: { type: 'string', description: "The service operation's operationId (spec/openapi.yaml)" },
  method: { type: 'string', description: 'HTTP method, case-insensitive' },
  path: { type: 'string', description: 'A glob over the path without the query string: `*` within one segment, `**` across segments; tried with and without a /tenants/<dns> prefix' },
  tenant: { type: ['string', 'integer'], description: "The tenant's DNS name or id" },
  user: { type: ['string', 'integer'], description: 'The user name (case-insensitive) or id' },
};

const ruleProperties = {
  ...matchProperties,
  times: { type: 'integer', minimum: 1, description: 'How many times the rule fires (default: unlimited)' },
  probability: { type: 'number', minimum: 0, maximum: 1, description: 'The chance that a matching request fires it' },
  delayMs: { type: 'integer', minimum: 0, maximum: 600000, description: 'Delay before the answer (alone, or before another effect)' },
  failure: { type: 'string', enum: Object.values(ErrorType), description: "The service's FAILURE body with this error type" },
  message: { type: 'string' },
  status: { type: 'integer', minimum: 200, maximum: 599, description: 'This HTTP status with a FAILURE body (UNEXPECTED_ERROR)' },
  throttle: { const: true, description: "The service's burst-exhausted answer (API_LIMIT_EXCEEDED) with its burst headers" },
  drop: { const: true, description: 'The connection is closed with no answer' },
  truncate: { type: 'integer', minimum: 0, description: 'The answer is cut after this many bytes (under its full Content-Length)' },
  expireSession: { const: true, description: 'The presented session ends: INVALID_SESSION_ID (preset expired-session)' },
  headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra response headers of a failure or status answer' },
};

export function controlOpenApi(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'dms-sim control plane',
      version: '1',
      description: 'Reserved prefix /_sim/ of a dms-sim process: clock, fault rules, request journal, verify, snapshots, sessions. ' +
        'On by default only when the simulator listens on loopback; otherwise with --control-token and the header X-Sim-Control-Token.',
    },
    components: {
      securitySchemes: { controlToken: { type: 'apiKey', in: 'header', name: 'X-Sim-Control-Token' } },
      schemas: {
        Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } }, additionalProperties: false },
        Clock: { type: 'object', required: ['now', 'frozen'], properties: { now: { type: 'string', format: 'date-time' }, frozen: { type: 'boolean' } }, additionalProperties: false },
        ClockChange: {
          type: 'object', minProperties: 1, additionalProperties: false,
          properties: { set: { type: 'string', format: 'date-time' }, advance: { type: 'string', description: 'ISO-8601 duration, e.g. PT21M' }, freeze: { type: 'boolean' } },
        },
        FaultRuleInput: {
          type: 'object',
          properties: {
            ...ruleProperties,
            preset: { type: 'string', enum: [...PRESETS] },
            document: { type: 'integer', description: 'checked-out-document: the document (default: the first with a file)' },
            by: { type: 'string', description: 'checked-out-document: the holder (default: a user other than `user` who may edit it)' },
            minutes: { type: 'integer', minimum: 0, description: 'service-unavailable: X-TenantAPI-DowntimeExpectedDurationMinutes (default 30)' },
          },
        },
        FaultRule: {
          type: 'object', required: ['id', 'fired'],
          properties: {
            id: { type: 'string' }, preset: { type: 'string' }, fired: { type: 'integer', minimum: 0 }, ...ruleProperties,
            times: { type: 'integer', minimum: 0, description: 'How many more times it fires (absent: unlimited)' },
            checkedOut: { type: 'object', required: ['tenant', 'document', 'by'], properties: { tenant: { type: 'string' }, document: { type: 'integer' }, by: { type: 'string' } } },
          },
        },
        Message: { type: 'object', required: ['headers', 'body'], properties: { headers: { type: 'object', additionalProperties: { type: 'string' } }, body: {} } },
        JournalEntry: {
          type: 'object',
          required: ['id', 'time', 'method', 'path', 'query', 'operationId', 'tenant', 'user', 'status', 'responseStatus', 'durationMs', 'request', 'response'],
          properties: {
            id: { type: 'string' }, time: { type: 'string', format: 'date-time' }, method: { type: 'string' }, path: { type: 'string' },
            query: { type: 'string', description: 'The query string, secrets masked' },
            operationId: { type: ['string', 'null'] }, tenant: { type: ['string', 'null'] }, user: { type: ['string', 'null'] },
            status: { type: 'integer', description: '0: the connection was dropped' }, responseStatus: { type: ['string', 'null'] },
            durationMs: { type: 'integer', minimum: 0 }, fault: { type: 'string', description: 'The fault rules that fired (ids, comma-separated)' },
            request: ref('Message'), response: ref('Message'),
          },
          additionalProperties: false,
        },
        Verify: { type: 'object', properties: { ...matchProperties, since: { type: 'string', format: 'date-time' }, count: { type: 'integer', minimum: 0 }, atLeast: { type: 'integer', minimum: 0 } }, additionalProperties: false },
        Snapshot: {
          type: 'object', required: ['format', 'clock', 'sessions', 'files', 'tenants'],
          properties: {
            format: { const: 'dms-sim-snapshot/1' }, fixtures: { type: 'string' }, clock: ref('Clock'),
            sessions: { type: 'array', items: { type: 'object' } }, lastLogin: { type: 'object' },
            files: { type: 'array', items: { type: 'object', required: ['filename', 'format', 'base64'] } },
            tenants: { type: 'object', additionalProperties: { type: 'object', required: ['documents', 'lists', 'staged'] } },
          },
        },
        Session: {
          type: 'object', required: ['handle', 'idPrefix', 'user', 'tenant', 'created', 'lastUsed', 'expires'], additionalProperties: false,
          properties: {
            handle: { type: 'string' }, idPrefix: { type: 'string', maxLength: 8 }, user: { type: 'string' }, tenant: { type: 'string' },
            created: { type: 'string', format: 'date-time' }, lastUsed: { type: 'string', format: 'date-time' }, expires: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
    security: [{}, { controlToken: [] }],
    paths: {
      '/_sim/openapi.json': { get: { operationId: 'controlOpenApi', summary: 'This document', responses: { ...ok('The document', { type: 'object' }), ...common } } },
      '/_sim/reset': { post: { operationId: 'reset', summary: 'Back to the loaded fixtures and start state', responses: { ...ok('Reset', { type: 'object', required: ['reset'], properties: { reset: { const: true } } }), ...common } } },
      '/_sim/clock': {
        get: { operationId: 'getClock', responses: { ...ok('The clock', ref('Clock')), ...common } },
        post: { operationId: 'changeClock', requestBody: { required: true, ...json(ref('ClockChange')) }, responses: { ...ok('The clock after the change', ref('Clock')), ...err('400', 'Bad time or duration'), ...common } },
      },
      '/_sim/faults': {
        get: { operationId: 'listFaults', responses: { ...ok('The rules, in the order tried', { type: 'object', required: ['faults'], properties: { faults: { type: 'array', items: ref('FaultRule') } } }), ...common } },
        post: {
          operationId: 'addFault', requestBody: { required: true, ...json(ref('FaultRuleInput')) },
          responses: { ...ok('The rule added', { type: 'object', required: ['id'], properties: { id: { type: 'string' } }, additionalProperties: false }, '201'), ...err('400', 'Not a valid rule'), ...common },
        },
        delete: { operationId: 'clearFaults', responses: { ...ok('Every rule removed', { type: 'object', required: ['cleared'], properties: { cleared: { const: true } } }), ...common } },
      },
      '/_sim/faults/{id}': {
        delete: {
          operationId: 'removeFault', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { ...ok('Removed', { type: 'object', required: ['deleted'], properties: { deleted: { type: 'string' } } }), ...common },
        },
      },
      '/_sim/journal': {
        get: {
          operationId: 'getJournal',
          parameters: [...Object.keys(matchProperties), 'since', 'limit'].map((name) => ({ name, in: 'query', required: false, schema: { type: name === 'limit' ? 'integer' : 'string' } })),
          responses: { ...ok('The last matching requests, newest last (default limit 100)', { type: 'object', required: ['requests'], properties: { requests: { type: 'array', items: ref('JournalEntry') } } }), ...err('400', 'Bad filter'), ...journalOff, ...common },
        },
        delete: { operationId: 'clearJournal', responses: { ...ok('Emptied (nothing to empty with --no-journal)', { type: 'object', required: ['cleared'], properties: { cleared: { const: true } } }), ...common } },
      },
      '/_sim/journal/verify': {
        post: {
          operationId: 'verifyJournal', requestBody: { required: true, ...json(ref('Verify')) },
          responses: { ...ok('Whether the journal holds exactly `count` (or at least `atLeast`, default 1) matching requests', { type: 'object', required: ['ok', 'matched'], properties: { ok: { type: 'boolean' }, matched: { type: 'integer' } }, additionalProperties: false }), ...err('400', 'Bad matcher'), ...journalOff, ...common },
        },
      },
      '/_sim/snapshot': {
        get: { operationId: 'getSnapshot', responses: { ...ok('The whole state', ref('Snapshot')), ...common } },
        put: { operationId: 'putSnapshot', requestBody: { required: true, ...json(ref('Snapshot')) }, responses: { ...ok('Restored', { type: 'object', required: ['restored', 'now', 'frozen'], properties: { restored: { const: true }, now: { type: 'string' }, frozen: { type: 'boolean' } } }), ...err('400', 'Not a snapshot of this fixture set'), ...common } },
      },
      '/_sim/snapshot/save': {
        post: { operationId: 'saveSnapshot', responses: { ...ok('Written to --state-file', { type: 'object', required: ['saved'], properties: { saved: { type: 'string' } } }), ...err('409', 'No --state-file'), ...common } },
      },
      '/_sim/sessions': {
        get: { operationId: 'listSessions', responses: { ...ok('Live sessions (never a whole id)', { type: 'object', required: ['sessions'], properties: { sessions: { type: 'array', items: ref('Session') } } }), ...common } },
      },
      '/_sim/sessions/{key}': {
        delete: {
          operationId: 'endSession', parameters: [{ name: 'key', in: 'path', required: true, description: 'The handle or the session id', schema: { type: 'string' } }],
          responses: { ...ok('Ended: the next call with it gets INVALID_SESSION_ID', { type: 'object', required: ['ended'], properties: { ended: { const: true } } }), ...common },
        },
      },
    },
  };
}
