/**
 * Thumbnails (endpoint 27): real PNG images, deterministic for the same file. A PNG source is
 * scaled down to fit the box; any other file (or none) gets a page-like picture whose colours
 * come from the file's checksum.
 */
import type { PNG } from 'pngjs';
import { pngModule } from '../../lazy';
import type { StoredFile } from './files';

/** (chosen) The thumbnail box of the real service's document cards. */
export const THUMBNAIL = { width: 120, height: 160 } as const;

/** A new RGBA picture (pngjs is loaded on first use: src/lazy.ts). */
const blankPng = (width: number, height: number): PNG => new (pngModule().PNG)({ width, height });

function scaled(source: PNG): PNG {
  const f = Math.min(THUMBNAIL.width / source.width, THUMBNAIL.height / source.height, 1);
  const w = Math.max(1, Math.round(source.width * f));
  const h = Math.max(1, Math.round(source.height * f));
  const out = blankPng(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.min(source.width - 1, Math.floor(x / f));
      const sy = Math.min(source.height - 1, Math.floor(y / f));
      source.data.copy(out.data, (y * w + x) * 4, (sy * source.width + sx) * 4, (sy * source.width + sx) * 4 + 4);
    }
  }
  return out;
}

function page(seed: string): PNG {
  const { width: w, height: h } = THUMBNAIL;
  const png = blankPng(w, h);
  const byte = (i: number) => parseInt(seed.slice((i * 2) % seed.length, ((i * 2) % seed.length) + 2) || '80', 16);
  const accent = [byte(0), byte(1), byte(2)];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      let c = [255, 255, 255];
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) c = [160, 160, 160];
      else if (y < 24) c = accent;
      else if (y >= 36 && (y - 36) % 10 < 3 && x >= 10 && x < w - 10 - (byte(Math.floor((y - 36) / 10) + 3) % 40)) c = [190, 190, 190];
      png.data[i] = c[0];
      png.data[i + 1] = c[1];
      png.data[i + 2] = c[2];
      png.data[i + 3] = 255;
    }
  }
  return png;
}

export function thumbnailOf(file: StoredFile | undefined): Uint8Array {
  const { PNG } = pngModule();
  let png: PNG | undefined;
  if (file?.format === 'image/png') {
    try {
      png = scaled(PNG.sync.read(Buffer.from(file.bytes)));
    } catch {
      png = undefined;
    }
  }
  png ??= page(file?.md5 ?? '9e9e9e9e9e9e');
  return new Uint8Array(PNG.sync.write(png, { colorType: 6 }));
}
