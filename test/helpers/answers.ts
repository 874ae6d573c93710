/**
 * Helpers of the kept-answer HTTP tests (issue 10): an answer as sent (to compare bytes), an MDL
 * run that changes the configuration, and the ids of an answer's rows.
 */
import type { TestSim } from './sim';

/** An answer as sent: status, Content-Type and the body's text. */
export interface RawAnswer {
  status: number;
  type: string | null;
  text: string;
}

/** A request with `Authorization: <session>`; the answer as sent. */
export async function raw(
  sim: TestSim, method: string, path: string, session: string, init: { headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const res = await sim.call(method, path, { ...init, headers: { Authorization: session, ...init.headers } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** Runs an MDL script (`POST /api/mdl/execute`) with an administrator's session; the parsed answer. */
export function mdl(sim: TestSim, session: string, script: string): Promise<any> {
  return sim.json('POST', '/api/mdl/execute', session, { body: script, headers: { 'Content-Type': 'text/plain' } });
}

/** The ids of an answer's rows, in order: a documents list (`documents[].document.id`) or a query (`data[].id`). */
export function ids(body: { documents: { document: { id: number } }[] } | { data: { id: unknown }[] }): number[] {
  return 'documents' in body ? body.documents.map((d) => d.document.id) : body.data.map((r) => r.id as number);
}
