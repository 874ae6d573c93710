/**
 * issue 19: a fresh long JSON answer is written into lent bytes (src/http/answer-bytes.ts), given
 * back once the server has handed the answer to the operating system, and lent to the next answer.
 * Many such answers at once over several connections must each arrive whole and as computed: a
 * buffer lent again too early would show another answer's bytes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freeAnswerBytes } from '../../src/http/answer-bytes';
import { createSimulator, type Simulator } from '../../src/simulator';

const LOGIN = { username: 'tenant.admin@acme.example', password: 'Passw0rd!', tenantDNS: 'promo.acme.example' };
const SORTS = ['name__v', 'id', 'document_number__v', 'version_modified_date__v'];

let running: Simulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function session(send: (r: Request) => Promise<Response>, url: string): Promise<string> {
  const res = await send(new Request(`${url}/api/v25.3/auth`, { method: 'POST', body: new URLSearchParams(LOGIN) }));
  return (await res.json()).sessionId;
}

describe('lent answer bytes', () => {
  it('answers many fresh long pages at once, each whole and as computed in process, and gets the bytes back', async () => {
    const served = createSimulator({ port: 0, settings: { throttling: false } });
    running = served;
    const { url } = await served.listen();
    const inProcess = createSimulator({ settings: { throttling: false } });
    const [overPort, here] = [await session(fetch, url), await session((r) => inProcess.fetch(r), url)];
    // Every request different (no kept answer answers it), each page of 6-20 records (8-30 KB).
    const paths: string[] = [];
    for (const sort of SORTS) for (const dir of ['asc', 'desc']) for (let limit = 6; limit <= 20; limit += 2) paths.push(`/api/v25.3/objects/documents?limit=${limit}&start=${limit % 5}&sort=${sort}%20${dir}`);
    const expected = await Promise.all(paths.map(async (p) => (await inProcess.fetch(new Request(url + p, { headers: { Authorization: here } }))).text()));
    expect(expected.every((t) => t.length >= 4096 && JSON.parse(t).responseStatus === 'SUCCESS')).toBe(true);
    const before = freeAnswerBytes();
    const got = await Promise.all(paths.map(async (p) => (await fetch(url + p, { headers: { Authorization: overPort } })).text()));
    expect(got).toEqual(expected);
    // The answers' buffers came back once sent (and were lent again to the answers after them).
    expect(freeAnswerBytes()).toBeGreaterThan(before);
    await inProcess.close();
  });
});
