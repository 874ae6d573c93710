export { QueryService, type QueryAnswer } from './service';
export { callerIn, type Caller } from './caller';
export { QueryResultStore, type StoredResult } from './results';
export { queryCatalog, type TenantQueryData } from './catalog';
export { find, page, describeQuery } from './run';
export type { SimCatalog, SimTarget, DescribeField, DescribeObject } from './types';
export { MAX_QUERY_LENGTH, PAGE_LINK_TTL_MS, DESCRIBE_HEADER } from './choices';
export type { ObjectRecord } from './objects';
export { ObjectRecords } from './records';
