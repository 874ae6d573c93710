/**
 * Body reading: the body of an operation that declares one, read bounded (uploads by the upload
 * maximum, anything else by FORM_BODY_MAX), parsed by its media type (JSON, URL-encoded form,
 * multipart) and validated against the operation's schema for it; a raw-body operation (endpoint
 * 8) gets the text. The Content-Type is checked before a byte is read. A form's `client_id`
 * names the client when the query string does not (gaps.md §2, §11).
 */
import { apiError } from '../../domain/errors';
import type { Answer } from '../answer';
import { mediaTypeOf, parseForm, parseJson, parseUrlEncoded } from '../body';
import { clientIdOf, type RequestExchange } from '../exchange';
import { bodySent, readGetBody, readRequestBody } from '../node-request';
import type { PipelineStage } from '../pipeline';

/** Bodies beyond uploads (forms, JSON, MDL scripts) are bounded too. */
const FORM_BODY_MAX = 10 * 1024 * 1024;

export const bodyReading: PipelineStage = (ex, next) => {
  const spec = ex.route.op.requestBody;
  // An operation without a body (most reads) goes on at once.
  return spec && ex.method !== 'HEAD' ? readBody(ex, spec).then(() => withBody(ex, next)) : withBody(ex, next);
};

function withBody(ex: RequestExchange, next: () => Answer): Answer {
  const { ctx } = ex;
  if (!Object.hasOwn(ctx.query, 'client_id') && typeof ctx.body?.client_id === 'string') ctx.clientId = clientIdOf(ctx.body.client_id);
  return next();
}

async function readBody(ex: RequestExchange, spec: NonNullable<RequestExchange['route']['op']['requestBody']>): Promise<void> {
  const { ctx, route, request: req } = ex;
  const contentType = ctx.headers['content-type'] ?? '';
  const media = mediaTypeOf(contentType);
  const declared = Number(ctx.headers['content-length'] ?? NaN);
  // A body is there when a length or chunking says so, or (in-process requests) a stream comes without either.
  // (Over HTTP/1.1, Node's request without either has no body: `req.body` is not touched, which would build a fetch Request.)
  const present = bodySent(ctx.headers) || (Number.isNaN(declared) && !ex.incoming && req.body !== null);
  const accepted = route.validator.bodyTypes;
  if (!route.op.rawBody && present && !accepted.includes(media)) throw apiError('invalidValue', media || '(none)', 'Content-Type');
  const max = route.takesFiles && media === 'multipart/form-data' ? ctx.world.settings.uploadMaxBytes + 1024 * 1024 : FORM_BODY_MAX;
  // A GET with a form body (endpoint 6: gaps.md §11) reaches us only through Node's own request.
  const bytes = req.method === 'GET' ? await readGetBody(ex.hono, present, max) : await readRequestBody(ex.hono, req, ctx.headers['content-length'], max);
  ex.requestBody = bytes;
  if (route.op.rawBody) {
    ctx.rawBody = Buffer.from(bytes).toString('utf8');
    return;
  }
  if (bytes.byteLength === 0) {
    // An empty required body names the first missing part (PARAMETER_REQUIRED).
    if (spec.required && req.method !== 'GET') route.validator.body(accepted.includes(media) ? media : accepted[0], {});
    return;
  }
  if (!accepted.includes(media)) throw apiError('invalidValue', media || '(none)', 'Content-Type');
  const body = media === 'application/json' ? parseJson(bytes)
    : media === 'application/x-www-form-urlencoded' ? parseUrlEncoded(bytes) : await parseForm(bytes, contentType);
  route.validator.body(media, body);
  ctx.body = body;
}
