/**
 * A stage of the request pipeline: it may act before the rest (`next`), answer instead of it, or
 * observe or change its answer. The pipeline (src/http/app.ts) runs the stages in a fixed order.
 */
import type { IncomingMessage } from 'node:http';
import type { Answer } from './answer';

/** What the stages share about one request (the pipeline's own record is a superset). */
export interface Exchange {
  readonly request: Request;
  readonly method: string;
  /** The request path without the query string, as received (a /tenants/<dns> prefix included). */
  readonly path: string;
  /** The OpenAPI operationId of the route the request matched. */
  readonly operationId: string;
  readonly executionId: string;
  /** Request headers, lower-case names. */
  readonly headers: Record<string, string>;
  /** Node's request when served over a port (e.g. to drop the connection); absent in-process. */
  readonly incoming?: IncomingMessage;
  /** Set once authentication ran: the tenant's DNS name and id, the user's name and id. */
  tenant?: { id: number; dns: string };
  user?: { id: number; username: string };
  /** Set by the body-reading stage: the body bytes as received (bounded by the body limits). */
  requestBody?: Uint8Array;
}

export type Stage = (ex: Exchange, next: () => Answer) => Answer;
