// text_mode on a born-digital page holding a picture of text (a pasted screenshot): auto and
// inline_fallback_to_ocr read the picture and keep the page's own text as it is.
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { installNodePdfEnvironment } from '../../src/cli/node-raster.ts';
import { installNodeOcr } from '../../src/cli/ocr-node.ts';
import { partition } from '../../src/core/index.ts';
import { releaseOcrEngines } from '../../src/core/ocr/index.ts';
import { openDocument } from '../../src/core/pdf/index.ts';
import { buildPdf } from '../fixtures/build-pdf.ts';
import { encodePng } from '../fixtures/png.ts';

installNodePdfEnvironment();
installNodeOcr();
afterAll(() => releaseOcrEngines());

async function pageWithScreenshot(): Promise<Uint8Array> {
  // The "screenshot": a rendered line of text, as pixels.
  const { bytes } = await buildPdf({ pages: [{ size: [300, 60], margin: 10, blocks: [{ kind: 'paragraph', text: 'Pasted warehouse inventory', size: 16 }] }] });
  const shot = await openDocument(bytes);
  const img = await shot.rasterize(1, 150);
  await shot.close();
  const png = encodePng(img.width, img.height, (x, y) => {
    const i = (y * img.width + x) * 4;
    return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
  });
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([500, 400]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Embedded text of the report stays as it is.', { x: 50, y: 340, size: 12, font });
  page.drawImage(await pdf.embedPng(png), { x: 50, y: 150, width: 300, height: 60 });
  return pdf.save();
}

describe('pictures of text on born-digital pages', () => {
  it('auto reads the picture and keeps the embedded text', async () => {
    const r = await partition({ file: await pageWithScreenshot() });
    expect(r.status_code, r.error).toBe(200);
    const texts = r.elements!.map((e) => e.text_representation.trim());
    expect(texts).toContain('Embedded text of the report stays as it is.');
    const read = r.elements!.find((e) => /warehouse/.test(e.text_representation));
    expect(read?.text_representation).toMatch(/Pasted warehouse inventory/);
    expect(r.status.some((s) => /OCR on page 1: 1 picture of text read/.test(s))).toBe(true);
    expect(r.elements!.some((e) => e.type === 'Image')).toBe(false); // the picture became its text
    // where the picture is: x 50..350 of 500, y 190..250 of 400 (top-left origin)
    expect(read!.bbox[0]).toBeGreaterThan(0.1);
    expect(read!.bbox[1]).toBeGreaterThan(0.45);
    expect(read!.bbox[3]).toBeLessThan(0.65);
  });
});
