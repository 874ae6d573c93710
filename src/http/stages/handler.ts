/** The handler call: the operation's handler gets the context; its Reply becomes the answer. */
import { noteCaller } from '../outcome';
import type { PipelineStage } from '../pipeline';
import { reply } from '../respond';

export const handler: PipelineStage = async (ex) => {
  const { ctx, route } = ex;
  const answer = await route.handler!(ctx as never);
  // A login makes its caller known only now.
  noteCaller(ctx.outcome, ctx);
  return reply(ex.env, answer);
};
