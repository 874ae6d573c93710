/**
 * Behaviour cases as data: each file of test/cases/ is a small story of requests and the answers
 * expected, readable without knowing the code (the format: test/cases/README.md), run here against
 * the real app with every answer validated against the OpenAPI document.
 *
 * To see what the service answers while writing a case:
 *   CASES_SHOW=my-case npx vitest run test/cases.test.ts
 * prints every answer of the cases whose file name contains "my-case".
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Case, problems, readCase } from './helpers/cases/format';
import { runCase } from './helpers/cases/run';

const dir = new URL('./cases/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
const showing = process.env.CASES_SHOW;

describe('behaviour cases (test/cases)', () => {
  it('has at least 40 cases', () => expect(files.length).toBeGreaterThanOrEqual(40));

  for (const file of files) {
    let story: Case;
    try {
      story = readCase(new URL(file, dir));
    } catch (e) {
      it(`${file}`, () => expect.fail(`${file} is not valid YAML: ${(e as Error).message}`));
      continue;
    }
    it(`${file}: ${story.title}`, async () => {
      expect(problems(story), `${file} is not a well-formed case`).toEqual([]);
      expect(await runCase(file, story, !!showing && file.includes(showing))).toEqual([]);
    });
  }
});
