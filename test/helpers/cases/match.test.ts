/** The case runner's comparisons can fail: each special form of test/cases/README.md, and a misspelt key. */
import { describe, expect, it } from 'vitest';
import { type Case, problems } from './format';
import { fill, matches, pick } from './match';

describe('matches', () => {
  it('objects as a subset, lists item by item, values exactly', () => {
    expect(matches({ a: 1, b: { c: 'x' }, extra: true }, { a: 1, b: { c: 'x' } })).toEqual([]);
    expect(matches({ a: 1 }, { a: 2 })).toEqual(['body.a is 1, expected 2']);
    expect(matches({ a: '1' }, { a: 1 })).toEqual(['body.a is "1", expected 1']);
    expect(matches([1, 2], [1])).toEqual(['body has 2 items, expected 1']);
    expect(matches({}, { a: null })).toEqual(['body.a is missing, expected null']);
  });

  it('<any>, <absent> and <matches RE>', () => {
    expect(matches({ a: 0 }, { a: '<any>', b: '<absent>' })).toEqual([]);
    expect(matches({}, { a: '<any>' })).toEqual(['body.a is missing']);
    expect(matches({ b: [] }, { b: '<absent>' })).toEqual(['body.b is [], expected it absent']);
    expect(matches({ id: 'AB12' }, { id: '<matches ^[0-9A-F]{4}$>' })).toEqual([]);
    expect(matches({ id: 'ab12' }, { id: '<matches ^[0-9A-F]{4}$>' })).toEqual(['body.id is "ab12", expected to match /^[0-9A-F]{4}$/']);
    expect(matches({ id: 12 }, { id: '<matches 12>' })).toHaveLength(1);
  });

  it('<count> and <contains> describe a long list', () => {
    const list = [{ name: 'a', n: 1 }, { name: 'b', n: 2 }, { name: 'c', n: 3 }];
    expect(matches(list, { '<count>': 3, '<contains>': [{ name: 'c', n: 3 }, { name: 'a' }] })).toEqual([]);
    expect(matches(list, { '<count>': 2 })).toEqual(['body has 3 items, expected 2']);
    expect(matches(list, { '<contains>': [{ name: 'c', n: 2 }] })).toEqual(['body holds no item matching {"name":"c","n":2}']);
    expect(matches({ name: 'a' }, { '<count>': 1 })).toHaveLength(1);
  });
});

describe('saved values', () => {
  it('${name} is replaced, and a whole ${name} keeps its type; an unknown name is an error', () => {
    expect(fill({ path: '/documents/${id}/file', id: '${id}' }, { id: 131 })).toEqual({ path: '/documents/131/file', id: 131 });
    expect(() => fill('${nope}', {})).toThrow('${nope} was not saved by an earlier step');
  });

  it('pick reads the body, a header or the text, and refuses what is not there', () => {
    const answer = { headers: new Headers({ 'X-A': '1' }), json: { list: [{ v: 'x' }] }, text: 'raw' };
    expect([pick(answer, 'body.list[0].v'), pick(answer, 'headers.X-A'), pick(answer, 'text')]).toEqual(['x', '1', 'raw']);
    expect(() => pick(answer, 'body.list[1].v')).toThrow('no such value');
    expect(() => pick(answer, 'headers.X-B')).toThrow('no such header');
  });
});

describe('problems', () => {
  it('names a misspelt key, a missing description, a step with two actions', () => {
    const bad = { title: 't', steps: [{ request: 'GET /api/', expcet: {} }, { login: 'a', advance: '1m' }] } as unknown as Case;
    expect(problems(bad)).toEqual([
      'case: a description is required',
      'step 1: unknown key "expcet" (allowed: note, login, tenantDNS, advance, request, as, headers, form, multipart, body, expect, save)',
      'step 2: needs exactly one of login, advance, request (has login, advance)',
    ]);
    expect(problems({ title: 't', description: 'd', steps: [{ request: 'GET /api/', expect: { bdy: {} } }] } as unknown as Case))
      .toEqual(['step 1 expect: unknown key "bdy" (allowed: status, headers, body, text, textIs, size, md5)']);
  });
});
