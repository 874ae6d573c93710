/**
 * ConfigurationError: a record or statement the configuration model refuses.
 * Codes are chosen by dms-sim (the real service's are not public); this table is the one place they live.
 */

export const ConfigErrorCode = {
  TYPE_NOT_SIMULATED: 'CFG-F-201',
  COMPONENT_EXISTS: 'CFG-F-202',
  COMPONENT_NOT_FOUND: 'CFG-F-203',
  INVALID_NAME: 'CFG-F-204',
  UNKNOWN_ATTRIBUTE: 'CFG-F-210',
  INVALID_VALUE: 'CFG-F-211',
  MAX_LENGTH_EXCEEDED: 'CFG-F-212',
  OUT_OF_RANGE: 'CFG-F-213',
  REQUIRED_MISSING: 'CFG-F-214',
  NOT_EDITABLE: 'CFG-F-215',
  UNKNOWN_SUBCOMPONENT_TYPE: 'CFG-F-220',
  SUBCOMPONENT_EXISTS: 'CFG-F-221',
  SUBCOMPONENT_NOT_FOUND: 'CFG-F-222',
  TOO_MANY_SUBCOMPONENTS: 'CFG-F-223',
  UNKNOWN_REFERENCE: 'CFG-F-230',
  STILL_REFERENCED: 'CFG-F-231',
  INVALID_CONFIGURATION: 'CFG-F-232',
  FILE_NOT_STAGED: 'CFG-F-240',
  CONFIGURATION_CHANGED: 'CFG-F-250',
  UNEXPECTED: 'CFG-F-299',
} as const;
export type ConfigErrorCode = (typeof ConfigErrorCode)[keyof typeof ConfigErrorCode];

export class ConfigurationError extends Error {
  readonly code: ConfigErrorCode;
  /** 'Type.name' of the component concerned, when known. */
  readonly component?: string;
  /** Attribute concerned, when known (for a subcomponent: 'Subtype.name.attribute'). */
  readonly attribute?: string;

  constructor(code: ConfigErrorCode, message: string, where: { component?: string; attribute?: string } = {}) {
    super(message);
    this.name = 'ConfigurationError';
    this.code = code;
    this.component = where.component;
    this.attribute = where.attribute;
  }
}

export function isConfigurationError(e: unknown): e is ConfigurationError {
  return e instanceof ConfigurationError;
}
