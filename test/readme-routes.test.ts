/** The README's Routes table is what scripts/routes.mjs makes from spec/openapi.json: every operation, once. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { BEGIN, END, routesTable } from '../scripts/routes.mjs';

const root = new URL('..', import.meta.url).pathname;
const readme = readFileSync(`${root}README.md`, 'utf8');
const spec = JSON.parse(readFileSync(`${root}spec/openapi.json`, 'utf8'));

describe('README Routes', () => {
  it('holds the generated table (run node scripts/routes.mjs after npm run spec)', () => {
    const section = readme.slice(readme.indexOf(BEGIN) + BEGIN.length, readme.indexOf(END)).trim();
    expect(section).toBe(routesTable());
  });

  it('lists every operation of the OpenAPI document once, with method, path and a curl line', () => {
    const ops = Object.entries(spec.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap(([path, item]) => Object.entries(item).filter(([, op]) => typeof op === 'object' && op.operationId).map(([m, op]) => ({ m, path, id: op.operationId! })));
    expect(ops.length).toBeGreaterThan(50);
    const rows = (routesTable() as string).split('\n').slice(2);
    expect(rows).toHaveLength(ops.length);
    ops.forEach((op, i) => {
      expect(rows[i].startsWith(`| ${op.m.toUpperCase()} | \`${op.path}\` | \`${op.id}\` |`)).toBe(true);
      expect(rows[i]).toMatch(/\| `curl .*"http:\/\/localhost:8080\/[^"]*"` \|$/);
    });
    expect(rows.find((r) => r.includes('`createSession`'))).toContain("curl -X POST -d username=alice@acme.example -d password='Passw0rd!' -d tenantDNS=promo.acme.example \"http://localhost:8080/api/v25.3/auth\"");
    expect(rows.find((r) => r.includes('`listDocuments`'))).toContain('curl -H "Authorization: $SESSION" "http://localhost:8080/api/v25.3/objects/documents"');
  });
});
