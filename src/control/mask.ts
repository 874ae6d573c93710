/**
 * Secrets are never kept in clear in the journal: passwords, session ids, tokens, authorization
 * codes and client secrets. A session id keeps its first 8 characters (the service's own
 * X-TenantAPI-TruncatedSessionId, useless for authentication), so that calls can still be told apart;
 * every other secret becomes `***`.
 */
const SECRET_NAMES = new Set([
  'password', 'sessionid', 'session_id', 'access_token', 'refresh_token', 'id_token', 'token', 'client_secret',
  'code', 'code_verifier', 'auth', 'assertion', 'ssopassword', 'platformpassword', 'authorization', 'cookie', 'set-cookie',
  'x-sim-control-token', 'subject_token',
]);
/** Names whose value is a session id: masked to its first 8 characters. */
const SESSION_NAMES = new Set(['sessionid', 'session_id', 'authorization']);

export const MASK = '***';

export const isSecretName = (name: string): boolean => SECRET_NAMES.has(name.toLowerCase());

/** The masked value of a secret named `name`. */
export function maskValue(name: string, value: string): string {
  if (!SESSION_NAMES.has(name.toLowerCase())) return MASK;
  // Masked already (a kept body is masked when recorded, and again when shown).
  if (/^(Bearer\s+)?[^*]{0,8}\*\*\*$/i.test(value)) return value;
  const m = /^(Bearer\s+)?(.*)$/is.exec(value.trim())!;
  // A short value is not a session id worth showing any of.
  return m[2].length > 16 ? `${m[1] ?? ''}${m[2].slice(0, 8)}${MASK}` : MASK;
}

export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = isSecretName(k) ? maskValue(k, v) : k.toLowerCase() === 'location' ? maskUrl(v) : v;
  return out;
}

/** A form or query string with its secret parameters masked. */
export function maskForm(text: string): string {
  return text.replace(/(^|&|\?)([^=&?]+)=([^&]*)/g, (whole, sep: string, name: string, value: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // keep the raw name
    }
    return isSecretName(decoded) ? `${sep}${name}=${encodeURIComponent(maskValue(decoded, safeDecode(value)))}` : whole;
  });
}

const safeDecode = (v: string): string => {
  try {
    return decodeURIComponent(v.replace(/\+/g, ' '));
  } catch {
    return v;
  }
};

/** A URL (a redirect's Location) with its secret query parameters masked. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q) + maskForm(url.slice(q));
}

/** A JSON value with the values of secret keys masked, at any depth. */
export function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretName(k) && (typeof v === 'string' || typeof v === 'number') ? maskValue(k, String(v)) : maskJson(v);
  return out;
}

const JSON_SECRET = new RegExp(`"(${[...SECRET_NAMES].map((n) => n.replace(/[-]/g, '\\-')).join('|')})"(\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|-?\\d+(?:\\.\\d+)?)`, 'gi');

/** JSON text with the values of secret keys masked, without parsing it (also a cut, invalid document). */
export function maskJsonText(text: string): string {
  return text.replace(JSON_SECRET, (_, name: string, colon: string, value: string) => {
    const raw = value.startsWith('"') ? value.slice(1, -1) : value;
    return `"${name}"${colon}${JSON.stringify(maskValue(name, raw))}`;
  });
}

/** The text parts of a multipart body with secret fields masked (`name="password"` parts). */
export function maskMultipart(text: string): string {
  return text.replace(/(name="([^"]*)"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([^\r\n]*)/g, (whole, head: string, name: string, value: string) =>
    isSecretName(name) ? `${head}${maskValue(name, value)}` : whole,
  );
}
