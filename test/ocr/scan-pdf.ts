// Scanned PDFs for tests and benches of the OCR path (bench/ocr-memory.ts): born-digital pages from
// test/fixtures/build-pdf.ts rendered at a scanner's resolution, turned gray (8 bits) and stored
// as one Flate-compressed image per page, the way scanners and scan-to-PDF tools write them. The
// text of each page is kept so that OCR accuracy can be measured too.
import { deflateSync } from 'node:zlib';
import { PDFDocument, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { openDocument } from '../../src/core/pdf/index.ts';
import { buildPdf, type PageDesc } from '../fixtures/build-pdf.ts';

const WORDS = (
  'the committee reviewed budget plan library building march report annual council members approved ' +
  'funding project school harbour crane spring results table shows growth revenue costs meeting minutes ' +
  'contract signed parties agree terms payment delivery within days written notice section article'
).split(' ');

/** Deterministic pseudo-random text (a small LCG: the same document every run). */
function sentence(seed: number, words: number): string {
  let x = seed * 2654435761 + 1;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[(x >>> 16) % WORDS.length]!);
  }
  const s = out.join(' ');
  return s[0]!.toUpperCase() + s.slice(1) + '.';
}

/** A page of printed text: a heading and paragraphs of 10-11 pt body text. */
export function textPage(n: number): PageDesc {
  return {
    blocks: [
      { kind: 'heading', level: 2, text: `Section ${n}: ${sentence(n, 4).replace(/\.$/, '')}` },
      ...Array.from({ length: 5 }, (_, k) => ({ kind: 'paragraph' as const, text: sentence(n * 10 + k, 40), size: 10 + (k % 2) })),
    ],
  };
}

export interface ScanPdf {
  bytes: Uint8Array;
  /** Each page's text, in reading order. */
  texts: string[];
}

/**
 * `pages` scanned pages at `dpi`, made from `descs` (default: textPage(1..10)) in turn; each page
 * gets its own image object, as a scanner writes them.
 */
export async function buildScanPdf(pages: number, dpi: number, descs: PageDesc[] = Array.from({ length: Math.min(pages, 10) }, (_, i) => textPage(i + 1))): Promise<ScanPdf> {
  const source = await buildPdf({ pages: descs });
  const doc = await openDocument(source.bytes);
  const out = await PDFDocument.create();
  const images: Array<{ width: number; height: number; flate: Uint8Array; w: number; h: number }> = [];
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.readPage(i);
      const r = await doc.rasterize(i, dpi);
      const gray = new Uint8Array(r.width * r.height);
      for (let p = 0; p < gray.length; p++) gray[p] = (r.data[p * 4]! * 77 + r.data[p * 4 + 1]! * 150 + r.data[p * 4 + 2]! * 29) >> 8;
      images.push({ width: r.width, height: r.height, flate: deflateSync(gray), w: page.width, h: page.height });
    }
  } finally {
    await doc.close();
  }
  for (let n = 0; n < pages; n++) {
    const img = images[n % images.length]!;
    const ref = out.context.register(
      out.context.stream(img.flate, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: img.width,
        Height: img.height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      }),
    );
    const page = out.addPage([img.w, img.h]);
    const name = page.node.newXObject('Scan', ref);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(img.w, 0, 0, img.h, 0, 0), drawObject(name), popGraphicsState());
  }
  const texts = source.truth.pages.map((p) => p.blocks.map((b) => b.text).join('\n'));
  return { bytes: await out.save(), texts: Array.from({ length: pages }, (_, n) => texts[n % texts.length]!) };
}
