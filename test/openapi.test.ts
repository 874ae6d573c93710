/**
 * The OpenAPI document: generated, committed, in sync, valid OpenAPI 3.1, and covering every
 * numbered endpoint row of the spec. Also prints which operations have no handler yet.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { handlers } from '../src/handlers';
import { operationTypesPath, renderOpenApi, renderOpenApiJson, renderOperationTypesFile, specJsonPath, specPath } from '../src/openapi/generate';
import { loadOpenApi } from '../src/openapi/load';
import { NOT_IMPLEMENTED_HEADER } from '../src/http/app';
import { testSim } from './helpers/sim';

const specText = readFileSync(new URL('../spec/rest-interface.md', import.meta.url), 'utf8');

/** `| 7 | \`POST /api/{version}/query\` | ...` → { n: 7, method: 'post', path: '/api/{version}/query' } */
export function endpointRows(markdown: string) {
  return [...markdown.matchAll(/^\|\s*(\d+)\s*\|\s*`(GET|POST|PUT|DELETE)\s+([^`]+)`/gm)].map((m) => ({
    n: Number(m[1]),
    method: m[2].toLowerCase(),
    path: m[3].replace(/^\{(base|auth)_url\}/, '').replace(/\?.*$/, '').replace(/\s*\(.*$/, '').trim(),
  }));
}

describe('spec/openapi.yaml', () => {
  const { document, operations } = loadOpenApi();

  it('keeps its copy of the spec, with all 28 endpoint rows', () => {
    expect(specText).toMatch(/^# Document Management Service: REST Interface Specification\n/);
    expect(endpointRows(specText)).toHaveLength(28);
  });

  it('has an operation for every numbered endpoint row of the spec (method and path)', () => {
    const rows = endpointRows(specText);
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    for (const row of rows) {
      const op = operations.find((o) => o.method === row.method && o.path === row.path);
      expect(op, `endpoint ${row.n}: ${row.method.toUpperCase()} ${row.path}`).toBeDefined();
      expect(op!.endpoint, `x-dms-endpoint of ${op!.id}`).toBe(row.n);
    }
  });

  it('is what the generator emits (run `npm run spec` after changing src/openapi)', () => {
    expect(readFileSync(specPath, 'utf8')).toBe(renderOpenApi());
    expect(readFileSync(specJsonPath, 'utf8')).toBe(renderOpenApiJson());
    expect(readFileSync(operationTypesPath, 'utf8')).toBe(renderOperationTypesFile());
  });

  it('has a JSON twin (what the server loads) holding the very same document as the YAML', () => {
    expect(JSON.parse(readFileSync(specJsonPath, 'utf8'))).toEqual(parse(readFileSync(specPath, 'utf8')));
    expect(document).toEqual(parse(readFileSync(specPath, 'utf8')));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(specPath);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('gives every operation a unique operationId and a tag, and shares the Failure schema', () => {
    const ids = operations.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) expect(document.paths![op.path]![op.method]!.tags?.length).toBe(1);
    // Every operation of the service answers the shared Failure schema; only the OAuth-style
    // operations of the built-in authorization server and platform stand-in (400 answers) do not.
    const service = operations.filter((o) => o.responses['400'] === undefined);
    expect(service.length).toBeGreaterThanOrEqual(40);
    for (const op of service) expect(JSON.stringify(op.responses['200']), op.id).toContain('#/components/schemas/Failure');
    const oauth = operations.filter((o) => o.responses['400'] !== undefined).map((o) => o.id).sort();
    expect(oauth).toEqual(['authorize', 'endOAuthSession', 'getJwks', 'getOidcConfiguration', 'introspectToken', 'issueToken', 'platformLogin', 'platformUserInfo', 'registerClient', 'revokeToken']);
  });

  it('lists the operations without a handler, each answering the not-implemented FAILURE', async () => {
    const missing = operations.filter((o) => !(handlers as Record<string, unknown>)[o.id]);
    console.log(
      missing.length === 0
        ? 'Every operation of the OpenAPI document has a handler.'
        : `Operations not implemented yet (${missing.length} of ${operations.length}):\n  ${missing.map((o) => `${o.id} (${o.method.toUpperCase()} ${o.path})`).join('\n  ')}`,
    );
    const sim = testSim();
    const session = await sim.login('alice@acme.example');
    for (const op of missing) {
      const path = op.path.replace('{version}', 'v25.3').replace(/\{[^}]+\}/g, '1');
      const res = await sim.call(op.method.toUpperCase(), path, { headers: { Authorization: session } });
      expect(res.headers.get(NOT_IMPLEMENTED_HEADER), `${op.id}: ${await res.clone().text()}`).toBe(op.id);
      expect((await res.json()).errors[0].message).toContain('not implemented');
    }
  });
});
