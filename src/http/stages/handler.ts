/** The handler call: the operation's handler gets the context; its Reply becomes the answer. */
import { andThen } from '../answer';
import { noteCaller } from '../outcome';
import type { PipelineStage } from '../pipeline';
import { reply } from '../respond';

export const handler: PipelineStage = (ex) => {
  const { ctx, route } = ex;
  return andThen(route.handler!(ctx as never), (answer) => {
    // A login makes its caller known only now.
    noteCaller(ctx.outcome, ctx);
    return reply(ex.env, answer);
  });
};
