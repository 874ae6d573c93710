export type { BoundFile, ComponentRecord, ScalarValue, StagedFile, StagingLike, SubcomponentRecord, Value } from './model';
export { componentKey, parseReference, referencedName } from './model';
export { ConfigErrorCode, ConfigurationError, isConfigurationError } from './errors';
export type {
  AttributeMetadata,
  AttributeType,
  ComponentTypeDefinition,
  ComponentTypeMetadata,
  Requiredness,
  SubcomponentMetadata,
} from './metadata';
export { LIMITS, MAX_LONG, MIN_LONG } from './metadata';
export { DOCFIELD_TYPES, LIFECYCLE_STATE_TYPES, OBJECT_FIELD_TYPES } from './catalogue/index';
export {
  componentTypeDefinition,
  componentTypeMetadata,
  componentTypeNames,
  isSimulatedType,
  settableAttributes,
  subcomponentMetadata,
} from './componentTypes';
export { ComponentRegistry, canonicalRecord, type ChangeListener, type Referrer } from './registry';
export type { UseCheck } from './use-checks';
export { referencesOf, type Reference } from './references';
export { validateRecord, type RecordLookup } from './validate';
export { BASE_DOCTYPE, MAX_DOCTYPE_DEPTH } from './rules';
export { createRegistry, recordFromInput } from './load';
export { canonicalNumber, numberToText, sameValue } from './values';
export {
  executeScript,
  executeScriptAsync,
  MAX_SCRIPT_BYTES,
  MAX_SCRIPT_STATEMENTS,
  SCRIPT_FAILURE,
  SCRIPT_SUCCESS,
  type ExecuteOptions,
  type ScriptExecutionResult,
  type StatementError,
  type StatementExecution,
} from './execute';
export { recreateStatementOf, toRecreateStatement } from './recreate';
export { componentTypeJson, recordJson } from './records-json';
export { recordsJson } from './listing';
