import { describe, expect, it } from 'vitest';
import { testExchange } from '../../test/helpers/exchange';
import { type PipelineStage, runStages } from './pipeline';

describe('runStages', () => {
  it('runs the stages in order, each around the rest', async () => {
    const seen: string[] = [];
    const stage = (name: string): PipelineStage => async (_ex, next) => {
      seen.push(`${name}>`);
      const res = await next();
      seen.push(`<${name}`);
      return res;
    };
    const last: PipelineStage = async () => new Response('done');
    const res = await runStages([stage('a'), stage('b'), last], testExchange({ operationId: 'listVersions', url: '/api/' }));
    expect(await res.text()).toBe('done');
    expect(seen).toEqual(['a>', 'b>', '<b', '<a']);
  });

  it('lets a stage answer instead of the rest', async () => {
    const never: PipelineStage = async () => {
      throw new Error('not reached');
    };
    const res = await runStages([async () => new Response('short'), never], testExchange({ operationId: 'listVersions', url: '/api/' }));
    expect(await res.text()).toBe('short');
  });
});
