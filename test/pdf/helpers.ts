import { expect } from 'vitest';
import { installNodePdfEnvironment } from '../../src/cli/node-raster.ts';
import type { Rect, TextRun } from '../../src/core/pdf/index.ts';
import type { TruthLine } from '../fixtures/build-pdf.ts';

installNodePdfEnvironment();

export async function expectTessera(p: Promise<unknown>, code: string): Promise<Error & { code: string }> {
  let err: unknown = null;
  try {
    await p;
  } catch (e) {
    err = e;
  }
  expect(err, `expected a TesseraError '${code}'`).toBeTruthy();
  expect((err as { name?: string }).name).toBe('TesseraError');
  expect((err as { code?: string }).code).toBe(code);
  return err as Error & { code: string };
}

const along = (r: Rect, vertical: boolean): [number, number] => (vertical ? [r.y0, r.y1] : [r.x0, r.x1]);
const across = (r: Rect, vertical: boolean): [number, number] => (vertical ? [r.x0, r.x1] : [r.y0, r.y1]);

/** Run and truth line agree: along the baseline within `tol` pt, across it within 15% of the size. */
export function expectRunMatches(run: TextRun, line: TruthLine, tol = 1): void {
  const vertical = line.angle === 90 || line.angle === 270;
  const [a0, a1] = along(run.rect, vertical);
  const [t0, t1] = along(line.rect, vertical);
  const ctx = `${JSON.stringify(line.text)} run=${JSON.stringify(run.rect)} truth=${JSON.stringify(line.rect)}`;
  expect(Math.abs(a0 - t0), ctx).toBeLessThanOrEqual(tol);
  expect(Math.abs(a1 - t1), ctx).toBeLessThanOrEqual(tol);
  const [c0, c1] = across(run.rect, vertical);
  const [u0, u1] = across(line.rect, vertical);
  expect(Math.abs((c0 + c1) / 2 - (u0 + u1) / 2), ctx).toBeLessThanOrEqual(0.15 * line.fontSize);
  expect(c1 - c0, ctx).toBeGreaterThanOrEqual(0.8 * line.fontSize);
  expect(c1 - c0, ctx).toBeLessThanOrEqual(1.35 * line.fontSize);
  expect(run.fontSize).toBeCloseTo(line.fontSize, 1);
  expect(run.bold, ctx).toBe(line.bold);
  expect(run.angle, ctx).toBe(line.angle);
}

export function findRun(runs: TextRun[], text: string): TextRun {
  const run = runs.find((r) => r.text.trim() === text.trim());
  expect(run, `no text run ${JSON.stringify(text)} among ${JSON.stringify(runs.map((r) => r.text))}`).toBeTruthy();
  return run!;
}

export function near(a: Rect, b: Rect, tol: number): boolean {
  return Math.abs(a.x0 - b.x0) <= tol && Math.abs(a.y0 - b.y0) <= tol && Math.abs(a.x1 - b.x1) <= tol && Math.abs(a.y1 - b.y1) <= tol;
}
