/**
 * gaps.md §12 / issue 15 item 11: clients build https://{tenantDNS}/api/... and compare the
 * addresses they get back with it. dms-sim honours a trusted proxy's X-Forwarded-Proto/Host and
 * serves HTTPS itself with --tls.
 */
import { request } from 'node:https';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/domain/clock';
import { forwarded } from '../../src/http/exchange';
import { createSimulator } from '../../src/simulator';
import { certificateNames, stillGood, tlsFiles } from '../../src/tls/certificate';
import { PASSWORD, V } from '../helpers/sim';

const behindProxy = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'promo.acme.example' };

describe('behind a TLS-terminating proxy', () => {
  const sim = createSimulator({ clock: manualClock(), settings: { throttling: false } });

  it('a client reading values[version] of the version list gets its own https address', async () => {
    const res = await sim.fetch(new Request('http://127.0.0.1:8080/api/', { headers: behindProxy }));
    expect((await res.json()).values[V]).toBe(`https://promo.acme.example/api/${V}`);
  });

  it("a client comparing tenantIds[].url with https://{tenantDNS}/api finds its tenant's", async () => {
    const res = await sim.fetch(new Request(`http://127.0.0.1:8080/api/${V}/auth`, {
      method: 'POST', headers: { ...behindProxy, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'alice@acme.example', password: PASSWORD }),
    }));
    const body = await res.json();
    expect(body.tenantId).toBe(1001);
    expect(body.tenantIds.find((t: { id: number }) => t.id === 1001).url).toBe('https://promo.acme.example/api');
  });

  it('keeps an explicit --public-url over forwarded headers', async () => {
    const fixed = createSimulator({ clock: manualClock(), publicUrl: 'http://sim.internal:9000' });
    const res = await fixed.fetch(new Request('http://127.0.0.1:8080/api/', { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'elsewhere.example' } }));
    expect((await res.json()).values[V]).toBe(`http://sim.internal:9000/api/${V}`);
  });

  it('trusts forwarded headers from loopback peers and in-process calls by default, from others only with --trust-proxy', () => {
    const from = (remoteAddress: string) => ({ socket: { remoteAddress } }) as never;
    const headers = { 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'promo.acme.example, proxy.internal' };
    const deps = (trustProxy: boolean) => ({ world: sim.world, publicUrl: () => undefined, explicitPublicUrl: false, trustProxy });
    expect(forwarded(headers, from('127.0.0.1'), deps(false))).toEqual({ proto: 'https', host: 'promo.acme.example' });
    expect(forwarded(headers, from('::ffff:127.0.0.1'), deps(false))).toEqual({ proto: 'https', host: 'promo.acme.example' });
    expect(forwarded(headers, undefined, deps(false))).toEqual({ proto: 'https', host: 'promo.acme.example' });
    expect(forwarded(headers, from('10.1.2.3'), deps(false))).toBeUndefined();
    expect(forwarded(headers, from('10.1.2.3'), deps(true))).toEqual({ proto: 'https', host: 'promo.acme.example' });
    expect(forwarded({}, from('127.0.0.1'), deps(false))).toBeUndefined();
  });
});

describe('--tls', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dms-tls-'));
  const sim = createSimulator({ clock: manualClock(), port: 0, tls: { dir } });
  afterAll(() => sim.close());

  it('serves HTTPS with a certificate for every tenant DNS name; a client trusting it gets https addresses of its tenant', async () => {
    const { url, port } = await sim.listen();
    expect(url).toBe(`https://localhost:${port}`);
    const cert = sim.tls!.cert;
    const body = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/', servername: 'promo.acme.example', ca: cert, headers: { Host: `promo.acme.example:${port}` } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body).values[V]).toBe(`https://promo.acme.example:${port}/api/${V}`);
    const names = new X509Certificate(cert).subjectAltName;
    for (const t of sim.world.tenants.all()) expect(names).toContain(`DNS:${t.dns}`);
    expect(names).toContain('IP Address:127.0.0.1');
  });

  it('keeps the certificate in its folder and makes it again only when names are missing', async () => {
    const names = sim.world.tenants.all().map((t) => t.dns);
    const again = await tlsFiles(names, dir);
    expect(again.cert).toBe(sim.tls!.cert);
    expect(stillGood(again.cert, certificateNames(names), Date.now())).toBe(true);
    expect(stillGood(again.cert, certificateNames([...names, 'new.acme.example']), Date.now())).toBe(false);
    expect(stillGood(again.cert, certificateNames(names), Date.now() + 900 * 24 * 3600_000)).toBe(false);
  });
});
