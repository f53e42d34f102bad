import { describe, expect, it } from 'vitest';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import type { Element } from '../../src/core/contract/types.ts';
import { partition } from '../../src/core/index.ts';
import { associateCaptions, encodeImage, toBase64 } from '../../src/core/images/index.ts';
import { buildPdf, type DocDesc } from '../fixtures/build-pdf.ts';
import { installNodeOcr } from '../../src/cli/ocr-node.ts';
import '../pdf/helpers.ts';

// Pages with pictures are checked for pictured text (text_mode auto), which needs an OCR engine.
installNodeOcr();

const withImage: DocDesc = {
  pages: [
    {
      blocks: [
        { kind: 'paragraph', text: 'A page with a picture on it, drawn as a red to blue gradient.' },
        { kind: 'image', width: 200, height: 100, pixels: [64, 32] },
        { kind: 'paragraph', text: 'Figure 1: The gradient.' },
      ],
    },
  ],
};

async function imagesOf(format: 'ppm' | 'png' | 'jpeg') {
  const { bytes, truth } = await buildPdf(withImage);
  const response = await partition({ file: bytes, options: { extract_images: true, extract_image_format: format } });
  expect(response.status_code).toBe(200);
  return { images: (response.elements ?? []).filter((e) => e.type === 'Image'), truth };
}

/** Red falls and blue rises from left to right in the fixture's gradient. */
function expectGradient(rgb: (x: number, y: number) => [number, number, number], w: number, h: number) {
  const left = rgb(Math.round(w * 0.1), Math.round(h / 2));
  const right = rgb(Math.round(w * 0.9), Math.round(h / 2));
  expect(left[0]).toBeGreaterThan(180);
  expect(left[2]).toBeLessThan(80);
  expect(right[0]).toBeLessThan(80);
  expect(right[2]).toBeGreaterThan(180);
}

const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

describe('extract_images', () => {
  it('returns the image pixels as base64 PPM, cropped to the box at 144 dpi', async () => {
    const { images, truth } = await imagesOf('ppm');
    expect(images).toHaveLength(1);
    const img = images[0]!;
    const [w, h] = img.properties.image_size as [number, number];
    // 200 x 100 points at 2 pixels per point, give or take the pixel rounding of the box.
    expect(Math.abs(w - 400)).toBeLessThanOrEqual(4);
    expect(Math.abs(h - 200)).toBeLessThanOrEqual(4);
    expect(img.properties.image_mode).toBe('RGB');
    expect(img.properties.image_format).toBe('PPM');
    const bytes = bytesOf(img.binary_representation!);
    const header = `P6\n${w} ${h}\n255\n`;
    expect(new TextDecoder().decode(bytes.subarray(0, header.length))).toBe(header);
    expect(bytes.length).toBe(header.length + w * h * 3);
    const px = (x: number, y: number): [number, number, number] => {
      const i = header.length + (y * w + x) * 3;
      return [bytes[i]!, bytes[i + 1]!, bytes[i + 2]!];
    };
    expectGradient(px, w, h);
    expect(truth.pages[0]!.images).toHaveLength(1);
  });

  it('encodes PNG and JPEG that decode back to the same picture', async () => {
    const png = (await imagesOf('png')).images[0]!;
    expect(png.properties.image_format).toBe('PNG');
    const p = decodePng(bytesOf(png.binary_representation!));
    expect([p.width, p.height]).toEqual(png.properties.image_size);
    expect(p.channels).toBe(3);
    expectGradient((x, y) => [p.data[(y * p.width + x) * 3]!, p.data[(y * p.width + x) * 3 + 1]!, p.data[(y * p.width + x) * 3 + 2]!] as [number, number, number], p.width, p.height);

    const jpg = (await imagesOf('jpeg')).images[0]!;
    expect(jpg.properties.image_format).toBe('JPEG');
    const j = jpeg.decode(bytesOf(jpg.binary_representation!), { useTArray: true });
    expect([j.width, j.height]).toEqual(jpg.properties.image_size);
    expectGradient((x, y) => [j.data[(y * j.width + x) * 4]!, j.data[(y * j.width + x) * 4 + 1]!, j.data[(y * j.width + x) * 4 + 2]!] as [number, number, number], j.width, j.height);
  });

  it('leaves image properties null when images are not extracted', async () => {
    const { bytes } = await buildPdf(withImage);
    const response = await partition({ file: bytes });
    const img = (response.elements ?? []).find((e) => e.type === 'Image')!;
    expect(img.properties).toMatchObject({ image_size: null, image_mode: null, image_format: null });
    expect(img.binary_representation).toBeUndefined();
  });
});

describe('encoders', () => {
  it('encode JPEG where no Buffer exists, as in a Web Worker', () => {
    const g = globalThis as { Buffer?: unknown };
    const saved = g.Buffer;
    let out: Uint8Array;
    try {
      delete g.Buffer;
      out = encodeImage({ width: 2, height: 2, data: new Uint8Array(12).fill(200) }, 'jpeg');
    } finally {
      g.Buffer = saved;
    }
    expect([out[0], out[1]]).toEqual([0xff, 0xd8]);
    expect(g.Buffer).toBe(saved);
  });
});

describe('base64', () => {
  it('matches the standard encoding with padding', () => {
    for (const s of ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar']) {
      expect(toBase64(new TextEncoder().encode(s))).toBe(btoa(s));
    }
  });
});

describe('associate_captions', () => {
  const el = (type: Element['type'], text: string, bbox: Element['bbox']): Element => ({
    type,
    bbox,
    properties: { score: 0.9, page_number: 1 },
    text_representation: text + '\n',
  });

  it('attaches the nearest figure caption of the same column, never a table caption', () => {
    const left = el('Image', '', [0.1, 0.1, 0.45, 0.3]);
    const right = el('Image', '', [0.55, 0.1, 0.9, 0.3]);
    const leftCap = el('Caption', 'Figure 1: Left.', [0.1, 0.31, 0.45, 0.33]);
    const rightCap = el('Caption', 'Figure 2: Right.', [0.55, 0.31, 0.9, 0.33]);
    const tableCap = el('Caption', 'Table 1: Numbers.', [0.1, 0.08, 0.45, 0.095]);
    const out = associateCaptions([tableCap, left, right, leftCap, rightCap]);
    expect(out[1]!.properties.caption).toEqual({ type: 'Caption', bbox: leftCap.bbox, properties: leftCap.properties, text_representation: 'Figure 1: Left.\n' });
    expect((out[2]!.properties.caption as { text_representation: string }).text_representation).toBe('Figure 2: Right.\n');
    // A caption far away (or only a table's) leaves the image without one.
    const lone = associateCaptions([el('Image', '', [0.1, 0.1, 0.4, 0.2]), el('Caption', 'Figure 9', [0.1, 0.8, 0.4, 0.82]), tableCap]);
    expect(lone[0]!.properties.caption).toBeUndefined();
  });

  it('works through partition on a generated page', async () => {
    const { bytes } = await buildPdf(withImage);
    const response = await partition({ file: bytes, options: { image_extraction_options: { associate_captions: true } } });
    const els = response.elements ?? [];
    const img = els.find((e) => e.type === 'Image');
    const caption = els.find((e) => /Figure 1/.test(e.text_representation));
    expect(img).toBeDefined();
    // Only when layout labels the line as a Caption can it be attached.
    if (caption?.type === 'Caption') {
      expect((img!.properties.caption as { text_representation: string }).text_representation).toContain('Figure 1');
    } else {
      expect(img!.properties.caption).toBeUndefined();
    }
  });
});
