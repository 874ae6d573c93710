/**
 * The one table of the service's error types and messages (gaps.md §1).
 * Every FAILURE dms-sim answers is built from here: a type is written once, in this file.
 */

export const ErrorType = {
  MALFORMED_URL: 'MALFORMED_URL',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_SUPPORTED',
  INVALID_SESSION_ID: 'INVALID_SESSION_ID',
  PARAMETER_REQUIRED: 'PARAMETER_REQUIRED',
  INVALID_DATA: 'INVALID_DATA',
  ATTRIBUTE_NOT_SUPPORTED: 'ATTRIBUTE_NOT_SUPPORTED',
  INVALID_FILTER: 'INVALID_FILTER',
  INSUFFICIENT_ACCESS: 'INSUFFICIENT_ACCESS',
  OPERATION_NOT_ALLOWED: 'OPERATION_NOT_ALLOWED',
  INCORRECT_QUERY_SYNTAX_ERROR: 'INCORRECT_QUERY_SYNTAX_ERROR',
  EXCEEDS_FILE_MAX_SIZE: 'EXCEEDS_FILE_MAX_SIZE',
  NO_PASSWORD_PROVIDED: 'NO_PASSWORD_PROVIDED',
  USERNAME_OR_PASSWORD_INCORRECT: 'USERNAME_OR_PASSWORD_INCORRECT',
  INACTIVE_USER: 'INACTIVE_USER',
  USER_LOCKED_OUT: 'USER_LOCKED_OUT',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  API_LIMIT_EXCEEDED: 'API_LIMIT_EXCEEDED',
  RACE_CONDITION: 'RACE_CONDITION',
  INVALID_DOCUMENT: 'INVALID_DOCUMENT',
  UNEXPECTED_ERROR: 'UNEXPECTED_ERROR',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

/** Message templates; `{0}`, `{1}` … are filled from the arguments. */
const messages = {
  unknownPath: [ErrorType.MALFORMED_URL, 'The requested URL [{0}] is not valid.'],
  methodNotSupported: [ErrorType.METHOD_NOT_SUPPORTED, 'Method [{0}] is not supported for [{1}].'],
  versionNotSupported: [ErrorType.METHOD_NOT_SUPPORTED, 'API version [{0}] is not supported.'],
  invalidSession: [ErrorType.INVALID_SESSION_ID, 'Invalid or expired session ID.'],
  /** The same type as any invalid session (gaps.md §5), with a hint (issue 20). */
  sessionOfOtherTenant: [ErrorType.INVALID_SESSION_ID, 'Invalid or expired session ID. This session belongs to tenant [{0}], not [{1}]: log in with tenantDNS={1} for a session there, or use the address of {0}.'],
  parameterRequired: [ErrorType.PARAMETER_REQUIRED, 'Missing required parameter [{0}]'],
  invalidValue: [ErrorType.INVALID_DATA, 'Invalid value [{0}] for parameter [{1}] specified'],
  malformedBody: [ErrorType.INVALID_DATA, 'The request body could not be read as {0}.'],
  bodyTooLarge: [ErrorType.INVALID_DATA, 'The request body is larger than the maximum of {0} bytes.'],
  bodyTooDeep: [ErrorType.INVALID_DATA, 'The request body nests deeper than the maximum of {0} levels.'],
  valueTooLong: [ErrorType.INVALID_DATA, 'Invalid value for parameter [{0}] specified: longer than the maximum of {1} characters'],
  bodyIncomplete: [ErrorType.INVALID_DATA, 'The client closed the connection before the end of the request body.'],
  requestUnreadable: [ErrorType.INVALID_DATA, 'The request could not be read as HTTP/1.1: {0}.'],
  resourceNotFound: [ErrorType.INVALID_DATA, 'The resource [{0}] does not exist'],
  attributeNotSupported: [ErrorType.ATTRIBUTE_NOT_SUPPORTED, 'Attribute [{0}] is not supported.'],
  invalidFilter: [ErrorType.INVALID_FILTER, 'Invalid value [{0}] for parameter [named_filter] specified'],
  insufficientAccess: [ErrorType.INSUFFICIENT_ACCESS, '{0}'],
  operationNotAllowed: [ErrorType.OPERATION_NOT_ALLOWED, '{0}'],
  querySyntax: [ErrorType.INCORRECT_QUERY_SYNTAX_ERROR, '{0}'],
  queryResultExpired: [ErrorType.INVALID_DATA, 'The query result [{0}] does not exist or has expired; run the query again.'],
  fileTooLarge: [ErrorType.EXCEEDS_FILE_MAX_SIZE, 'The file exceeds the maximum size of {0} bytes.'],
  noPassword: [ErrorType.NO_PASSWORD_PROVIDED, 'No password was provided for the login call.'],
  badCredentials: [ErrorType.USERNAME_OR_PASSWORD_INCORRECT, 'Authentication failed for user [{0}].'],
  inactiveUser: [ErrorType.INACTIVE_USER, 'User is inactive or not found.'],
  noActiveTenant: [ErrorType.INACTIVE_USER, 'User [{0}] is not a member of any active tenant.'],
  invalidToken: [ErrorType.USERNAME_OR_PASSWORD_INCORRECT, 'The token presented is not valid for authentication profile [{0}].'],
  unknownProfile: [ErrorType.INVALID_DATA, 'Invalid value [{0}] for parameter [oauth_profile_id] specified'],
  userLockedOut: [ErrorType.USER_LOCKED_OUT, 'User account is locked out.'],
  passwordChangeRequired: [ErrorType.PASSWORD_CHANGE_REQUIRED, 'Password change required.'],
  authBurstExceeded: [ErrorType.API_LIMIT_EXCEEDED, 'Authentication API burst limit exceeded; retry after {0} seconds.'],
  raceCondition: [ErrorType.RACE_CONDITION, 'The record [{0}] was changed by another request.'],
  invalidDocument: [ErrorType.INVALID_DOCUMENT, '{0}'],
  documentLockedByOther: [ErrorType.OPERATION_NOT_ALLOWED, 'Document [{0}] is checked out by another user.'],
  documentNotLocked: [ErrorType.OPERATION_NOT_ALLOWED, 'Document [{0}] is not checked out.'],
  documentHasNoFile: [ErrorType.OPERATION_NOT_ALLOWED, 'Document [{0}] is a placeholder: it has no file.'],
  documentFieldInvalid: [ErrorType.INVALID_DATA, 'Invalid value [{0}] for field [{1}]: {2}'],
  documentFieldNotEditable: [ErrorType.ATTRIBUTE_NOT_SUPPORTED, 'Attribute [{0}] is set by the service and cannot be given.'],
  documentsNotFound: [ErrorType.INVALID_DATA, 'The resources [{0}] do not exist'],
  componentTypeUnknown: [ErrorType.INVALID_DATA, 'Invalid value [{0}] for parameter [component_type] specified: not a component type dms-sim simulates ({1})'],
  mdlScriptFailed: [ErrorType.INVALID_DATA, 'MDL statement {0} failed, nothing of the script was applied: {1}'],
  mdlScriptTooLarge: [ErrorType.INVALID_DATA, 'The MDL script is larger than the maximum of {0} bytes.'],
  mdlTooManyStatements: [ErrorType.INVALID_DATA, 'The MDL script has more than the maximum of {0} statements.'],
  mdlAdminOnly: [ErrorType.INSUFFICIENT_ACCESS, 'Only a tenant or domain administrator may {0}.'],
  configurationUnavailable: [ErrorType.OPERATION_NOT_ALLOWED, 'Tenant [{0}] has no configuration in dms-sim; its components cannot be read or changed.'],
  notImplemented: [ErrorType.UNEXPECTED_ERROR, 'Operation [{0}] is not implemented by dms-sim yet.'],
  unexpected: [ErrorType.UNEXPECTED_ERROR, 'An unexpected error occurred (execution id {0}).'],
  responseBreach: [ErrorType.UNEXPECTED_ERROR, 'dms-sim answered {0} against its OpenAPI document (execution id {1}): {2}'],
} as const satisfies Record<string, readonly [ErrorType, string]>;

export type ErrorKey = keyof typeof messages;

export interface ErrorItem {
  type: ErrorType;
  message: string;
}

/** A failure of the simulated service: answered as its FAILURE body, never as a crash. */
export class ApiError extends Error {
  readonly errors: ErrorItem[];
  /** Set on authentication failures of endpoints 1 and 2 (gaps.md §1). */
  readonly errorType?: string;
  /** HTTP status; 200 for everything the service processed (gaps.md §1). */
  readonly status: number;

  constructor(errors: ErrorItem[], opts: { errorType?: string; status?: number } = {}) {
    super(errors.map((e) => `${e.type}: ${e.message}`).join('; '));
    this.name = 'ApiError';
    this.errors = errors;
    this.errorType = opts.errorType;
    this.status = opts.status ?? 200;
  }

  get type(): ErrorType {
    return this.errors[0].type;
  }
}

function fill(template: string, args: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/** The error item for a table entry. */
export function errorItem(key: ErrorKey, ...args: (string | number)[]): ErrorItem {
  const [type, template] = messages[key];
  return { type, message: fill(template, args) };
}

/** The ApiError for a table entry: `throw apiError('resourceNotFound', id)`. */
export function apiError(key: ErrorKey, ...args: (string | number)[]): ApiError {
  return new ApiError([errorItem(key, ...args)]);
}

/** An authentication failure (endpoints 1 and 2) carries `errorType: AUTHENTICATION_FAILED`. */
export function authError(key: ErrorKey, ...args: (string | number)[]): ApiError {
  return new ApiError([errorItem(key, ...args)], { errorType: 'AUTHENTICATION_FAILED' });
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
