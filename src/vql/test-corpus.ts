/** Valid queries shared by the round-trip and fuzz tests (not part of the public API). */
export const VALID_QUERIES: string[] = [
  'SELECT id FROM documents',
  'select id, name__v from documents where id = 5',
  "SELECT id, name__v, TONAME(type__v), product__vr.name__v FROM documents WHERE status__v = STEADYSTATE() AND name__v LIKE 'Al%' ORDER BY name__v DESC, id MAXROWS 100 SKIP 2 PAGESIZE 10 PAGEOFFSET 20",
  "SELECT LATESTVERSION id, name__v FROM ALLVERSIONS documents WHERE major >= 1 OR minor < 3",
  "SELECT id, (SELECT name__v FROM document_product__vr WHERE code__c BETWEEN 1 AND 9 ORDER BY name__v) FROM documents",
  "SELECT id FROM documents WHERE language__v CONTAINS ('English', 'French') AND (size__v > -1.5 OR size__v = null)",
  "SELECT id FROM documents FIND ('insulin OR \"clinical study\"' SCOPE ALL) WHERE binder__v = false",
  "SELECT id FROM documents WHERE CASEINSENSITIVE(name__v) = 'alpha brochure' AND due__c != null",
  "SELECT user_name__v FROM users WHERE active__v = true LIMIT 5 OFFSET 5",
  "SELECT id, name__v FROM product__v WHERE id IN ('00P1', '00P2') ORDER BY code__c ASC",
  "SELECT id FROM documents WHERE name__v = 'it\\'s a \\\\ test' FIND ('x' SCOPE name__v)",
  "SELECT id FROM documents WHERE created__v BETWEEN '2024-01-01' AND '2024-02-01T00:00:00.000Z' AND status__v != OBSOLETESTATE()",
  "SELECT id FROM documents WHERE id IN (SELECT id FROM document_product__vr WHERE name__v = 'Cholecap') AND status__v = STEADYSTATE()",
  "SELECT id FROM foo__c WHERE TONAME(status__v) = 'draft__c' OR status__v = SUPERSEDEDSTATE()",
];
