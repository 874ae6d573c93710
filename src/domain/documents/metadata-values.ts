/** Reading registry attribute values as the metadata view needs them. */
import { referencedName, type Value } from '../configuration';

export const str = (v: Value | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: Value | undefined): number | undefined => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined);
/** Component names referenced by a (possibly repeating) attribute: `Doctype.x__c` → `x__c`. */
export const refs = (v: Value | undefined): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => referencedName(String(x)));
