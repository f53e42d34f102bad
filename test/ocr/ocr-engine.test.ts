// OCR end to end with the real tesseract.js engine (Node adapter, traineddata from node_modules):
// generated pages rendered to PNG scans, read back with words and boxes where the PDF put them;
// rotated scans turned upright; no OCR worker left running after a cancelled or finished job.
// Slow (a few seconds per OCR): few tests, small images.
import { afterAll, describe, expect, it } from 'vitest';
import { installNodePdfEnvironment } from '../../src/cli/node-raster.ts';
import { installNodeOcr } from '../../src/cli/ocr-node.ts';
import { partition } from '../../src/core/index.ts';
import type { Element } from '../../src/core/contract/types.ts';
import { liveOcrWorkers, releaseOcrEngines, rotateRaster } from '../../src/core/ocr/index.ts';
import { openDocument, type RasterImage } from '../../src/core/pdf/index.ts';
import { buildPdf, type PageDesc, type Truth } from '../fixtures/build-pdf.ts';
import { encodePng } from '../fixtures/png.ts';

installNodePdfEnvironment();
installNodeOcr();
afterAll(() => releaseOcrEngines());

const DPI = 150;

function toPng(img: RasterImage, dpi: number): Uint8Array {
  return encodePng(img.width, img.height, (x, y) => {
    const i = (y * img.width + x) * 4;
    return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
  }, dpi);
}

/** A generated one-page PDF rendered at DPI: the pixels a scanner would give, and where things are. */
async function scanOf(page: PageDesc): Promise<{ png: Uint8Array; raster: RasterImage; truth: Truth }> {
  const { bytes, truth } = await buildPdf({ pages: [page] });
  const doc = await openDocument(bytes);
  const raster = await doc.rasterize(1, DPI);
  await doc.close();
  return { png: toPng(raster, DPI), raster, truth };
}

const scan = () =>
  scanOf({
    size: [420, 300],
    blocks: [
      { kind: 'heading', level: 1, text: 'Quarterly Report' },
      { kind: 'paragraph', text: 'The committee reviewed the budget and approved the plan for the new library building in March.', size: 11 },
    ],
  });

const words = (els: Element[]): string[] => els.flatMap((e) => e.text_representation.split(/\s+/)).filter(Boolean);

describe('OCR of a scanned page', () => {
  it('reads the words and puts them where the page has them', async () => {
    const { png, truth } = await scan();
    const r = await partition({ file: png });
    expect(r.status_code, r.error).toBe(200);
    expect(r.status.some((s) => /OCR on page 1 \(no text layer; tesseract, eng\)/.test(s))).toBe(true);
    const els = r.elements!;
    const got = words(els);
    for (const w of ['Quarterly', 'Report', 'committee', 'budget', 'library', 'March.']) expect(got).toContain(w);
    const page = truth.pages[0]!;
    for (const block of page.blocks) {
      const el = els.find((e) => e.text_representation.includes(block.text.split(' ')[0]!));
      expect(el, block.text).toBeDefined();
      el!.bbox.forEach((v, i) => expect(Math.abs(v - block.bbox[i]!), `${block.text} bbox[${i}]`).toBeLessThan(0.03));
    }
    // The heading is recognised as bigger than the body text.
    const heading = els.find((e) => e.text_representation.startsWith('Quarterly'));
    expect(heading?.type).toMatch(/Title|Section-header/);
  });

  it('returns the pictures of a scan as Image elements, its text as text', async () => {
    const { png, truth } = await scanOf({
      size: [420, 400],
      blocks: [
        { kind: 'paragraph', text: 'Photograph of the new harbour crane taken in spring.', size: 11 },
        { kind: 'image', width: 220, height: 150 },
      ],
    });
    const r = await partition({ file: png });
    expect(r.status_code, r.error).toBe(200);
    const images = r.elements!.filter((e) => e.type === 'Image');
    expect(images).toHaveLength(1);
    const want = truth.pages[0]!.images[0]!.bbox;
    images[0]!.bbox.forEach((v, i) => expect(Math.abs(v - want[i]!), `bbox[${i}]`).toBeLessThan(0.03));
    expect(words(r.elements!.filter((e) => e.type !== 'Image'))).toContain('crane');
  });

  it('turns a page scanned sideways upright and returns boxes in the upright frame', async () => {
    const { raster, truth } = await scan();
    const sideways = toPng(rotateRaster(raster, 270), DPI); // scanned turned a quarter left
    const r = await partition({ file: sideways, options: { output_label_options: { orientation_correction: true } } });
    expect(r.status_code, r.error).toBe(200);
    expect(r.status.some((s) => /Corrected orientation of page 1: rotated 90 degrees clockwise/.test(s))).toBe(true);
    const body = r.elements!.find((e) => e.text_representation.includes('committee'));
    expect(body).toBeDefined();
    const truthBody = truth.pages[0]!.blocks.find((b) => b.kind === 'paragraph')!;
    body!.bbox.forEach((v, i) => expect(Math.abs(v - truthBody.bbox[i]!)).toBeLessThan(0.03));
  });

  it('crops the pictures of a page it turned upright from the upright page', async () => {
    const { raster, truth } = await scanOf({
      size: [480, 300],
      blocks: [
        { kind: 'paragraph', text: 'Photograph of the new harbour crane taken in spring by the committee.', size: 11 },
        { kind: 'image', width: 240, height: 120 },
      ],
    });
    const sideways = toPng(rotateRaster(raster, 270), DPI);
    const r = await partition({ file: sideways, options: { extract_images: true, output_label_options: { orientation_correction: true } } });
    expect(r.status_code, r.error).toBe(200);
    expect(r.status.some((s) => /Corrected orientation of page 1/.test(s))).toBe(true);
    const image = r.elements!.find((e) => e.type === 'Image');
    expect(image).toBeDefined();
    const want = truth.pages[0]!.images[0]!.bbox;
    image!.bbox.forEach((v, i) => expect(Math.abs(v - want[i]!), `bbox[${i}]`).toBeLessThan(0.03));
    // The crop has the picture's proportions (2:1), not those of its box on the sideways scan.
    const [w, h] = image!.properties.image_size as [number, number];
    expect(w / h).toBeGreaterThan(1.7);
    expect(w / h).toBeLessThan(2.3);
  });

  it('leaves no OCR worker running when a job is cancelled mid-OCR', async () => {
    const { png } = await scan();
    await releaseOcrEngines();
    const ac = new AbortController();
    let liveAtAbort = 0;
    const pending = partition({
      file: png,
      signal: ac.signal,
      onEvent: (e) => {
        // cancel as soon as the page has been read: OCR is then starting
        if (e.kind === 'stage' && e.stage === 'read') {
          setTimeout(() => {
            liveAtAbort = liveOcrWorkers();
            ac.abort();
          }, 300);
        }
      },
    });
    const r = await pending;
    expect(r.status_code).toBe(499);
    expect(liveAtAbort, 'an OCR worker was running when the job was cancelled').toBeGreaterThan(0);
    expect(liveOcrWorkers()).toBe(0);
  });
});
