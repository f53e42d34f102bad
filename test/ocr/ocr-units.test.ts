// The pure parts of OCR: language names, the per-page text_mode decision, garbage text layers,
// rotations, OCR words -> text runs, pictures on a scan, and the worker pool's lifetime rules.
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../src/core/contract/index.ts';
import type { PageContent, RasterImage, TextRun } from '../../src/core/pdf/types.ts';
import {
  findPictures,
  garbageRatio,
  languageCodes,
  planOcr,
  rotateRaster,
  rotateRect,
  runsFromLines,
} from '../../src/core/ocr/index.ts';
import { WorkerPool } from '../../src/core/ocr/pool.ts';

const run = (text: string, x0 = 50, y0 = 50): TextRun => ({
  text,
  rect: { x0, y0, x1: x0 + 6 * text.length, y1: y0 + 10 },
  fontName: 'Helvetica',
  fontSize: 10,
  bold: false,
  italic: false,
  dir: 'ltr',
  angle: 0,
  hasEOL: false,
});

const page = (over: Partial<PageContent>): PageContent => ({
  pageNumber: 1,
  width: 600,
  height: 800,
  rotate: 0,
  textRuns: [],
  paths: [],
  images: [],
  ...over,
});

describe('ocr_language', () => {
  it('maps names to traineddata codes, several at once, case-insensitive', () => {
    expect(languageCodes('english+german')).toEqual(['eng', 'deu']);
    const r = parseOptions({ ocr_language: 'English+Chinese' });
    expect(r.ok && r.options.ocr_language).toBe('english+chinese');
    expect(languageCodes('english+chinese')).toEqual(['eng', 'chi_sim']);
  });

  it('rejects an unknown language with a 400 that lists the supported ones', () => {
    const r = parseOptions({ ocr_language: 'english+klingon' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.statusCode).toBe(400);
    expect(r.error.message).toMatch(/klingon/);
    expect(r.error.message).toMatch(/english, german, french/);
  });
});

describe('planOcr (text_mode per page)', () => {
  const scan = { rect: { x0: 0, y0: 0, x1: 600, y1: 800 }, pixelWidth: 1700, pixelHeight: 2200 };
  const photo = { rect: { x0: 100, y0: 300, x1: 400, y1: 500 }, pixelWidth: 600, pixelHeight: 400 };
  const text = Array.from({ length: 10 }, (_, i) => run(`Sentence number ${i} of real text.`, 50, 50 + 12 * i));

  it('OCRs a page without a text layer, not an empty one', () => {
    expect(planOcr(page({ images: [scan] }), 'auto').kind).toBe('page');
    expect(planOcr(page({ images: [scan] }), 'inline_fallback_to_ocr').kind).toBe('page');
    expect(planOcr(page({}), 'auto').kind).toBe('none');
  });

  it('keeps a good text layer in auto, replaces a garbage one', () => {
    expect(planOcr(page({ textRuns: text }), 'auto').kind).toBe('none');
    const garbage = text.map((t) => ({ ...t, text: '(cid:12)(cid:55)(cid:3) \uFFFD\uFFFD' }));
    expect(garbageRatio(garbage)).toBeGreaterThan(0.9);
    expect(planOcr(page({ textRuns: garbage }), 'auto')).toMatchObject({ kind: 'page', reason: 'unreadable text layer' });
    // inline_fallback_to_ocr uses whatever embedded text there is
    expect(planOcr(page({ textRuns: garbage }), 'inline_fallback_to_ocr').kind).toBe('none');
  });

  it('OCRs a scan under a text layer in auto, and everything in ocr_standard', () => {
    expect(planOcr(page({ textRuns: text, images: [scan] }), 'auto')).toMatchObject({ kind: 'page', reason: 'scanned page' });
    expect(planOcr(page({ textRuns: text }), 'ocr_standard').kind).toBe('page');
  });

  it('OCRs only the pictures without text over them on born-digital pages', () => {
    const captioned = { rect: { x0: 40, y0: 40, x1: 500, y1: 200 }, pixelWidth: 10, pixelHeight: 10 };
    const plan = planOcr(page({ textRuns: text, images: [photo, captioned] }), 'auto');
    expect(plan).toEqual({ kind: 'pictures', pictures: [photo] });
  });
});

describe('rotation', () => {
  it('turns a raster and a rect the same way', () => {
    // 3 x 2 raster, one black pixel at (2, 0): top-right corner.
    const img: RasterImage = { width: 3, height: 2, data: new Uint8ClampedArray(3 * 2 * 4).fill(255) };
    img.data.set([0, 0, 0, 255], (0 * 3 + 2) * 4);
    for (const r of [90, 180, 270] as const) {
      const out = rotateRaster(img, r);
      const at = rotateRect({ x0: 2, y0: 0, x1: 3, y1: 1 }, 3, 2, r);
      expect([out.width, out.height]).toEqual(r === 180 ? [3, 2] : [2, 3]);
      const i = (at.y0 * out.width + at.x0) * 4;
      expect(out.data[i], `rotation ${r}`).toBe(0);
    }
    expect(rotateRect({ x0: 2, y0: 0, x1: 3, y1: 1 }, 3, 2, 90)).toEqual({ x0: 1, y0: 2, x1: 2, y1: 3 });
  });
});

describe('runsFromLines', () => {
  it('puts words in points on their line band, font size from the line height', () => {
    const runs = runsFromLines(
      [
        {
          paragraph: 0,
          box: { x0: 100, y0: 200, x1: 400, y1: 240 },
          textHeight: 32,
          words: [
            { text: 'Hello', box: { x0: 100, y0: 200, x1: 220, y1: 232 }, confidence: 0.9 },
            { text: 'you', box: { x0: 250, y0: 210, x1: 400, y1: 240 }, confidence: 0.9, bold: true },
          ],
        },
      ],
      72 / 200,
    );
    expect(runs.map((r) => r.text)).toEqual(['Hello', 'you']);
    expect(runs[1]!.rect.y0).toBeCloseTo(72, 5);
    expect(runs[0]!.rect.y1).toBeCloseTo(86.4, 5);
    expect(runs[0]!.rect.x0).toBeCloseTo(36, 5);
    expect(runs[0]!.fontSize).toBeCloseTo(14.4, 1);
    expect(runs[1]!.bold).toBe(true);
    expect(runs.map((r) => r.hasEOL)).toEqual([false, true]);
  });
});

describe('findPictures', () => {
  it('finds a dense dark area, not text lines or a ruled frame', () => {
    const w = 400;
    const h = 500;
    const data = new Uint8ClampedArray(w * h * 4).fill(255);
    const ink = (x0: number, y0: number, x1: number, y1: number): void => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data.set([40, 60, 90, 255], (y * w + x) * 4);
    };
    ink(50, 200, 250, 350); // a photo, 200 x 150 px at 100 dpi
    ink(50, 50, 350, 70); // a text line (OCR read it)
    // a frame of 2 px rules around the lower part
    ink(20, 380, 380, 382);
    ink(20, 478, 380, 480);
    ink(20, 380, 22, 480);
    ink(378, 380, 380, 480);
    const pictures = findPictures({ width: w, height: h, data }, 100, [
      { paragraph: 0, box: { x0: 50, y0: 50, x1: 350, y1: 70 }, words: [{ text: 'x', box: { x0: 50, y0: 50, x1: 350, y1: 70 }, confidence: 1 }] },
    ]);
    expect(pictures).toHaveLength(1);
    const p = pictures[0]!;
    expect(Math.abs(p.x0 - 50)).toBeLessThanOrEqual(4);
    expect(Math.abs(p.y1 - 350)).toBeLessThanOrEqual(4);
  });
});

describe('WorkerPool', () => {
  class Fake {
    terminated = false;
    terminate(): void {
      this.terminated = true;
    }
  }

  it('reuses an idle worker for the same languages and never exceeds its size', async () => {
    const pool = new WorkerPool<Fake>(1, 60_000);
    const made: Fake[] = [];
    const create = async (): Promise<Fake> => {
      const f = new Fake();
      made.push(f);
      return f;
    };
    await pool.run('eng', create, async () => 1);
    await pool.run('eng', create, async () => 2);
    expect(made).toHaveLength(1);
    await pool.run('deu', create, async () => 3); // pool full: the idle eng worker makes room
    expect(made).toHaveLength(2);
    expect(made[0]!.terminated).toBe(true);
    expect(pool.size).toBe(1);
    await pool.terminateAll();
    expect(pool.size).toBe(0);
    expect(made[1]!.terminated).toBe(true);
  });

  it('gives up on a worker that never starts or never answers, instead of hanging', async () => {
    const pool = new WorkerPool<Fake>(1, 60_000, 30);
    await expect(pool.run('eng', () => new Promise<Fake>(() => {}), async () => 1)).rejects.toMatchObject({ code: 'internal' });
    expect(pool.size).toBe(0);
    const stuck = new Fake();
    await expect(pool.run('eng', async () => stuck, () => new Promise<never>(() => {}))).rejects.toThrow(/did not answer/);
    expect(stuck.terminated).toBe(true);
    expect(pool.size).toBe(0);
  });

  it('terminates a busy worker when the job is cancelled, and idle ones after a while', async () => {
    const pool = new WorkerPool<Fake>(2, 20);
    const ac = new AbortController();
    let worker: Fake | undefined;
    const pending = pool.run(
      'eng',
      async () => (worker = new Fake()),
      () => new Promise<never>(() => {}), // an OCR call that never ends by itself
      ac.signal,
    );
    await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(worker!.terminated).toBe(true);
    expect(pool.size).toBe(0);

    let idle: Fake | undefined;
    await pool.run('eng', async () => (idle = new Fake()), async () => 0);
    expect(pool.size).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(idle!.terminated).toBe(true);
    expect(pool.size).toBe(0);
  });

  it('starts a worker ahead of use that the next job takes, and ends it when nothing does', async () => {
    const pool = new WorkerPool<Fake>(2, 20);
    const made: Fake[] = [];
    const create = async (): Promise<Fake> => {
      await new Promise((r) => setTimeout(r, 5)); // starting takes a while
      const f = new Fake();
      made.push(f);
      return f;
    };
    pool.warm('eng', create);
    pool.warm('eng', create); // already starting: not a second one
    expect(pool.size).toBe(1);
    expect(await pool.run('eng', create, async () => 'read')).toBe('read');
    expect(made).toHaveLength(1);

    pool.warm('deu', create);
    pool.warm('fra', create); // the pool is full (eng idle, deu starting)
    expect(pool.size).toBe(2);
    await new Promise((r) => setTimeout(r, 80)); // unused: terminated after the idle time, like eng
    expect(made).toHaveLength(2);
    expect(made.every((f) => f.terminated)).toBe(true);
    expect(pool.size).toBe(0);
  });
});
