/** One operation of the document as the pipeline serves it. */
import type { OperationInfo } from '../openapi/load';
import type { Handler } from './context';
import type { RouteShape } from './router';
import type { LazyRequestValidator } from './validate';

export interface Route {
  op: OperationInfo;
  shape: RouteShape;
  validator: LazyRequestValidator;
  /** Undefined: the operation has no handler yet (answered "not implemented"). */
  handler?: Handler;
  /** The body may carry files (multipart with a binary part): bounded by the upload maximum. */
  takesFiles: boolean;
  /** Another protocol's operation (OAuth): input errors answer `{error, error_description}` with 400. */
  oauthStyle: boolean;
}
