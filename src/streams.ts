/**
 * A web stream's bytes, read up to a bound: undefined (and the stream cancelled, the rest unread)
 * as soon as it holds more than `max` bytes. For request bodies and answers of outbound calls.
 */
export async function readBounded(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
