/**
 * Stored files: bytes with their checksum, media type and page count; a tiny PDF writer (for
 * renditions of non-PDF sources and for fixture files); text extraction for content search.
 */
import { createHash } from 'node:crypto';

export interface StoredFile {
  readonly filename: string;
  /** Media type (`format__v`). */
  readonly format: string;
  readonly bytes: Uint8Array;
  readonly size: number;
  readonly md5: string;
  readonly pages: number;
}

/** Media types by lower-case extension (a Map: `x.constructor` must not find an inherited member). */
const BY_EXTENSION: ReadonlyMap<string, string> = new Map(Object.entries({
  pdf: 'application/pdf', txt: 'text/plain', csv: 'text/csv', md: 'text/markdown', html: 'text/html', xml: 'application/xml',
  json: 'application/json', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4', zip: 'application/zip',
}));

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

/** The media type of a file: its content's signature first, then its extension, then the declared type. */
export function detectFormat(filename: string, bytes: Uint8Array, declared?: string): string {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  const byExtension = ext === undefined ? undefined : BY_EXTENSION.get(ext);
  if (byExtension !== undefined) return byExtension;
  if (declared && declared !== 'application/octet-stream') return declared.split(';')[0].trim();
  return 'application/octet-stream';
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function pageCount(format: string, bytes: Uint8Array): number {
  if (format !== 'application/pdf') return 1;
  const n = latin1(bytes).match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  return Math.max(n, 1);
}

export function storedFile(filename: string, bytes: Uint8Array, declared?: string): StoredFile {
  const format = detectFormat(filename, bytes, declared);
  return { filename, format, bytes, size: bytes.byteLength, md5: createHash('md5').update(bytes).digest('hex'), pages: pageCount(format, bytes) };
}

/** The searchable text of a file: text formats as UTF-8, PDF text-show strings; nothing for images. */
export function textOf(file: StoredFile): string {
  // Robust against a stored file without a usable format (never a 500 for everyone who sees it).
  const format = typeof file.format === 'string' ? file.format : '';
  if (format.startsWith('text/') || format === 'application/json' || format === 'application/xml') return Buffer.from(file.bytes).toString('utf8');
  if (format === 'application/pdf') {
    return [...latin1(file.bytes).matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((m) => m[1].replace(/\\(.)/g, '$1')).join('\n');
  }
  return '';
}

/** The generated PDF rendition of a non-PDF source: its name, file and version shown on one page. */
export function renditionPdf(file: StoredFile, name: string, version: { major: number; minor: number }): StoredFile {
  const bytes = simplePdf([name, `${file.filename} (${file.format})`, `Version ${version.major}.${version.minor}`]);
  return { filename: file.filename.replace(/\.[^.]*$/, '') + '.pdf', format: 'application/pdf', bytes, size: bytes.byteLength, md5: '', pages: 1 };
}

const pdfString = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');

/** A valid one-page PDF showing `lines` in Helvetica: deterministic bytes for the same lines. */
export function simplePdf(lines: readonly string[]): Uint8Array {
  const content = ['BT', '/F1 12 Tf', '14 TL', '72 740 Td', ...lines.map((l) => `(${pdfString(l)}) Tj T*`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
