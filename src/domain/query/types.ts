/**
 * What the simulator adds to the engine's QueryTarget: labels and per-field metadata for
 * `queryDescribe` (spec: Query response).
 */
import type { QueryCatalog, QueryTarget } from '../../vql';

/** One `queryDescribe.fields[]` entry (spec members; absent when unknown). */
export interface DescribeField {
  name: string;
  label?: string;
  type: string;
  max_length?: number;
  max_value?: number;
  min_value?: number;
  scale?: number;
  required?: boolean;
  unique?: boolean;
  /** The field's states, as the real service sends them: `['active__v']` or `['inactive__v']` (gaps.md §12). */
  status?: string[];
  picklist?: string;
}

export interface DescribeObject {
  name: string;
  label: string;
  label_plural: string;
}

export interface SimTarget extends QueryTarget {
  readonly describe: DescribeObject;
  /** Metadata of one field of this target (no dot paths). */
  describeField(name: string): DescribeField | undefined;
  /** Answered on one page whatever its size (`users`, gaps.md §6). */
  readonly onePage?: boolean;
}

export interface SimCatalog extends QueryCatalog {
  target(name: string, allVersions: boolean): SimTarget | undefined;
}
