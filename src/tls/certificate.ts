/**
 * `--tls`: a self-signed certificate for every tenant DNS name (and localhost, 127.0.0.1),
 * so that a client library that always builds `https://{tenantDNS}/api/...` runs unmodified
 * against dms-sim after one /etc/hosts line. Kept in a cache folder and made again only when the
 * names change or it is within 30 days of its end. The certificate is its own CA: trusting its
 * file (NODE_EXTRA_CA_CERTS, curl --cacert, a Java trust store) is enough.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface TlsFiles {
  dir: string;
  certPath: string;
  keyPath: string;
  cert: string;
  key: string;
}

const RENEW_BEFORE_MS = 30 * 24 * 3600_000;
/** 825 days: the longest validity clients (Apple's, notably) accept for a TLS server certificate. */
const VALID_MS = 825 * 24 * 3600_000;

/** `$XDG_CACHE_HOME/dms-sim/tls`, else `~/.cache/dms-sim/tls`. */
export function defaultTlsDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'dms-sim', 'tls');
}

const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+:[0-9a-f:]*)$/i;

/** The subject alternative names the certificate must hold, sorted (so that a set is compared as text). */
export function certificateNames(dnsNames: readonly string[]): string[] {
  return [...new Set(['localhost', '127.0.0.1', ...dnsNames.map((d) => d.toLowerCase())])].sort();
}

/** Whether a PEM certificate names every one of `names` and is valid for another 30 days at `now`. */
export function stillGood(certPem: string, names: readonly string[], now: number): boolean {
  try {
    const cert = new X509Certificate(certPem);
    const ends = Date.parse(cert.validTo);
    const held = new Set((cert.subjectAltName ?? '').split(', ').map((s) => s.replace(/^(DNS|IP Address):/, '').toLowerCase()));
    return ends - now > RENEW_BEFORE_MS && names.every((n) => held.has(n.toLowerCase()));
  } catch {
    return false;
  }
}

/** The certificate and key for `dnsNames`, from `dir` when still good, else made anew and written there. */
export async function tlsFiles(dnsNames: readonly string[], dir = defaultTlsDir()): Promise<TlsFiles> {
  const names = certificateNames(dnsNames);
  const certPath = join(dir, 'dms-sim-cert.pem');
  const keyPath = join(dir, 'dms-sim-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, 'utf8');
    if (stillGood(cert, names, Date.now())) return { dir, certPath, keyPath, cert, key: readFileSync(keyPath, 'utf8') };
  }
  const { generate } = await import('selfsigned');
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'dms-sim local CA and server' }, { name: 'organizationName', value: 'dms-sim' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 3600_000),
    notAfterDate: new Date(now.getTime() + VALID_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: names.map((n) => (IP.test(n) ? { type: 7 as const, ip: n } : { type: 2 as const, value: n })) },
    ],
  });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const [path, text, mode] of [[keyPath, pems.private, 0o600], [certPath, pems.cert, 0o644]] as const) {
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, text, { mode });
    renameSync(tmp, path);
  }
  return { dir, certPath, keyPath, cert: pems.cert, key: pems.private };
}

/** What the CLI prints: where the certificate is and how to trust it. */
export function trustAdvice(files: TlsFiles, example: string): string {
  return [
    `TLS certificate: ${files.certPath} (self-signed, its own CA; key beside it)`,
    'Trust it:',
    `  Node:  NODE_EXTRA_CA_CERTS=${files.certPath} node your-client.js`,
    `  curl:  curl --cacert ${files.certPath} ${example}`,
    `  Java:  keytool -importcert -noprompt -alias dms-sim -file ${files.certPath} -keystore dms-sim.jks -storepass changeit`,
    '         then run with -Djavax.net.ssl.trustStore=dms-sim.jks -Djavax.net.ssl.trustStorePassword=changeit',
    '  Tenant names: add e.g. "127.0.0.1 promo.acme.example" to /etc/hosts',
  ].join('\n');
}
