// What the viewer shows under the boxes: a PDF's pages rendered by pdf.js (in the main thread, for
// display only; pdf.js parses in its own worker, served from our origin), or a single image.
import * as pdfjs from 'pdfjs-dist';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.mjs?url';
import type { PDFDocumentProxy } from 'pdfjs-dist';

pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
const DATA = `${import.meta.env.BASE_URL}pdfjs/`;

export interface PageSize {
  width: number;
  height: number;
}

export type DocumentSource =
  | { kind: 'pdf'; doc: PDFDocumentProxy; sizes: PageSize[]; close(): void }
  | { kind: 'image'; url: string; sizes: PageSize[]; close(): void }
  | { kind: 'locked'; wrong: boolean; close(): void }
  | { kind: 'none'; message: string; close(): void };

/** pdf.js, like most readers, accepts a PDF header anywhere in the first kilobyte. */
const isPdf = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 1024)).includes('%PDF-');

async function imageSource(file: File): Promise<DocumentSource> {
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    return { kind: 'none', message: `This browser cannot show ${file.name}; its elements are still listed in the outputs.`, close() {} };
  }
  return { kind: 'image', url, sizes: [{ width: img.naturalWidth, height: img.naturalHeight }], close: () => URL.revokeObjectURL(url) };
}

/** Opens the file for display. Page sizes are read up front (cheap), pages are drawn on demand. */
export async function openSource(file: File, password: string | undefined): Promise<DocumentSource> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isPdf(bytes) && (/^image\//.test(file.type) || /\.(png|jpe?g|tiff?)$/i.test(file.name))) return imageSource(file);
  const task = pdfjs.getDocument({
    data: bytes,
    password,
    cMapUrl: `${DATA}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${DATA}standard_fonts/`,
    wasmUrl: `${DATA}wasm/`,
    isEvalSupported: false,
  });
  try {
    const doc = await task.promise;
    const sizes: PageSize[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const vp = (await doc.getPage(n)).getViewport({ scale: 1 });
      sizes.push({ width: vp.width, height: vp.height });
    }
    return { kind: 'pdf', doc, sizes, close: () => void task.destroy() };
  } catch (err) {
    await task.destroy();
    if (err instanceof Error && err.name === 'PasswordException') {
      return { kind: 'locked', wrong: (err as Error & { code?: number }).code === pdfjs.PasswordResponses.INCORRECT_PASSWORD, close() {} };
    }
    return { kind: 'none', message: `The page images cannot be shown: ${err instanceof Error ? err.message : String(err)}`, close() {} };
  }
}
