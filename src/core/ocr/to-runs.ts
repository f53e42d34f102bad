// OCR lines (raster pixels) -> TextRuns in the page's points, so the same layout analysis runs on
// scans as on born-digital text: one run per word, every word of a line sharing the line's band
// (a word without ascenders must not look like a smaller font), font size from the line height.
import type { Rect, TextRun } from '../pdf/types.ts';
import type { OcrLine } from './types.ts';

export const OCR_FONT_NAME = 'OCR';

/**
 * `scale`: points per pixel (72 / dpi); `origin`: where pixel (0, 0) is on the page, in points (a
 * crop of the page starts away from the corner).
 */
export function runsFromLines(lines: readonly OcrLine[], scale: number, origin: { x: number; y: number } = { x: 0, y: 0 }): TextRun[] {
  const runs: TextRun[] = [];
  for (const line of lines) {
    const y0 = origin.y + line.box.y0 * scale;
    const y1 = origin.y + line.box.y1 * scale;
    // row height is the x-height plus ascenders: about 0.8 of the em a PDF font size measures.
    const fontSize = ((line.textHeight ?? (line.box.y1 - line.box.y0) * 0.8) * scale) / 0.8;
    line.words.forEach((w, i) => {
      const rect: Rect = { x0: origin.x + w.box.x0 * scale, y0, x1: origin.x + w.box.x1 * scale, y1 };
      runs.push({
        text: w.text,
        rect,
        fontName: OCR_FONT_NAME,
        fontSize: Math.round(fontSize * 100) / 100,
        bold: w.bold ?? false,
        italic: false,
        dir: 'ltr',
        angle: 0,
        hasEOL: i === line.words.length - 1,
      });
    });
  }
  return runs;
}

/** Mean word confidence of a line (0..1). */
export function lineConfidence(line: OcrLine): number {
  return line.words.reduce((s, w) => s + w.confidence, 0) / Math.max(1, line.words.length);
}
