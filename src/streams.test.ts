import { describe, expect, it } from 'vitest';
import { readBounded } from './streams';

function streamOf(chunks: string[], onCancel: () => void = () => {}): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < chunks.length) c.enqueue(new TextEncoder().encode(chunks[i++]));
      else c.close();
    },
    cancel: onCancel,
  });
}

describe('readBounded', () => {
  it('gives every byte up to the bound, the bound included', async () => {
    expect(Buffer.from((await readBounded(streamOf(['ab', 'cd', 'e']), 5))!).toString()).toBe('abcde');
  });

  it('gives undefined past the bound and cancels the stream, the rest unread', async () => {
    let cancelled = false;
    const s = streamOf(['ab', 'cd', 'ef', 'gh'], () => (cancelled = true));
    expect(await readBounded(s, 5)).toBeUndefined();
    expect(cancelled).toBe(true);
  });
});
