// Saving outputs as files: a Blob behind a temporary link; extracted images go into one zip.
import { zipSync } from 'fflate';
import type { Element } from '../../core/contract/types.ts';

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by the next task; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || 'document';

const EXT: Record<string, string> = { PPM: 'ppm', PNG: 'png', JPEG: 'jpg' };

/** Elements that carry extracted image bytes. */
export const imagesOf = (elements: readonly Element[]) => elements.filter((e) => typeof e.binary_representation === 'string' && e.binary_representation !== '');

function decodeBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The extracted images as a zip: page-<n>-image-<k>.<ext>. */
export function imagesZip(elements: readonly Element[]): Blob {
  const files: Record<string, Uint8Array> = {};
  const perPage = new Map<number, number>();
  for (const e of imagesOf(elements)) {
    const page = e.properties.page_number;
    const k = (perPage.get(page) ?? 0) + 1;
    perPage.set(page, k);
    const format = String(e.properties['image_format'] ?? 'PPM').toUpperCase();
    files[`page-${page}-image-${k}.${EXT[format] ?? 'bin'}`] = decodeBase64(e.binary_representation!);
  }
  const zipped = zipSync(files, { level: 0 });
  return new Blob([zipped.buffer as ArrayBuffer], { type: 'application/zip' });
}
