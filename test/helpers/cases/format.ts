/**
 * The format of a behaviour case (test/cases/*.yaml), as described for readers in
 * test/cases/README.md: the keys a file and each step may have. Reading a file checks every key,
 * so a misspelt one (say `expcet`) fails the case instead of being silently ignored.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** A part of a multipart body: plain text, or a file with its name, type and content. */
export type Part = string | { filename: string; type?: string; content: string };

export interface Expect {
  status?: number;
  headers?: Record<string, string | number>;
  body?: unknown;
  text?: string;
  textIs?: string;
  size?: number;
  md5?: string;
}

export interface Step {
  note?: string;
  login?: string;
  tenantDNS?: string;
  advance?: string | number;
  request?: string;
  as?: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  multipart?: Record<string, Part>;
  body?: string;
  expect?: Expect;
  save?: Record<string, string>;
}

export interface Case {
  title: string;
  description: string;
  settings?: Record<string, unknown>;
  steps: Step[];
}

const CASE_KEYS = ['title', 'description', 'settings', 'steps'];
const STEP_KEYS = ['note', 'login', 'tenantDNS', 'advance', 'request', 'as', 'headers', 'form', 'multipart', 'body', 'expect', 'save'];
const EXPECT_KEYS = ['status', 'headers', 'body', 'text', 'textIs', 'size', 'md5'];
const BODIES = ['form', 'multipart', 'body'];

function unknownKeys(obj: object, allowed: string[], where: string): string[] {
  return Object.keys(obj).filter((k) => !allowed.includes(k)).map((k) => `${where}: unknown key "${k}" (allowed: ${allowed.join(', ')})`);
}

/** Problems with a case's shape, one line each (empty when the case is well formed). */
export function problems(c: Case): string[] {
  const out = unknownKeys(c, CASE_KEYS, 'case');
  if (typeof c.title !== 'string' || !c.title.trim()) out.push('case: a title is required');
  if (typeof c.description !== 'string' || !c.description.trim()) out.push('case: a description is required');
  if (!Array.isArray(c.steps) || c.steps.length === 0) return [...out, 'case: steps are required'];
  c.steps.forEach((s, i) => {
    const where = `step ${i + 1}`;
    out.push(...unknownKeys(s, STEP_KEYS, where));
    const actions = ['login', 'advance', 'request'].filter((k) => k in s);
    if (actions.length !== 1) out.push(`${where}: needs exactly one of login, advance, request (has ${actions.join(', ') || 'none'})`);
    if (BODIES.filter((k) => k in s).length > 1) out.push(`${where}: at most one of ${BODIES.join(', ')}`);
    if (!s.request && ['as', 'headers', 'expect', 'save', ...BODIES].some((k) => k in s)) out.push(`${where}: as, headers, bodies, expect and save belong to a request step`);
    if (s.request && !/^[A-Z]+\s+\S+$/.test(s.request)) out.push(`${where}: request must be "METHOD path", got "${s.request}"`);
    if (s.expect) out.push(...unknownKeys(s.expect, EXPECT_KEYS, `${where} expect`));
  });
  return out;
}

/** Reads and parses one case file. */
export function readCase(url: URL): Case {
  return parse(readFileSync(url, 'utf8')) as Case;
}
