// A page with a picture behind all of it is read as a scan in text_mode auto; real text laid over
// the picture (a poster, a cover) that OCR cannot read must not be lost.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { partition } from '../../src/core/index.ts';
import { registerOcrEngine, setPreferredOcrEngine } from '../../src/core/ocr/registry.ts';
import type { OcrEngine } from '../../src/core/ocr/types.ts';
import { encodePng, gradient } from '../fixtures/png.ts';

/** An engine that reads nothing (stylised lettering it cannot make out). */
const blind: OcrEngine = {
  name: 'blind-test-engine',
  supports: () => true,
  recognize: async (image) => ({ width: image.width, height: image.height, lines: [] }),
  detectOrientation: async () => ({ rotate: 0, confidence: 0 }),
  release: async () => {},
  liveWorkers: () => 0,
};

async function poster(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 822]);
  page.drawImage(await pdf.embedPng(encodePng(64, 64, gradient(64))), { x: 0, y: 0, width: 595, height: 822 });
  page.drawText('THE POWER OF STORYTELLING', { x: 60, y: 500, size: 28, font: await pdf.embedFont(StandardFonts.HelveticaBold) });
  return pdf.save();
}

describe('a poster: text over a full-page picture', () => {
  registerOcrEngine(blind);
  setPreferredOcrEngine(blind.name);
  afterAll(() => setPreferredOcrEngine(null));

  it('keeps the text layer where OCR read nothing (auto), and says so', async () => {
    const res = await partition({ file: await poster(), options: {} });
    expect(res.status_code).toBe(200);
    expect(res.elements!.map((e) => e.text_representation).join(' ')).toContain('THE POWER OF STORYTELLING');
    expect(res.status.some((l) => /OCR on page 1 \(scanned page; blind-test-engine, eng\): 0 lines \(and 1 text runs of the text layer/.test(l))).toBe(true);
  });

  it('with text_mode ocr_standard, what OCR reads is all there is', async () => {
    const res = await partition({ file: await poster(), options: { text_mode: 'ocr_standard' } });
    expect(res.elements!.map((e) => e.text_representation).join(' ')).not.toContain('STORYTELLING');
  });
});
