// The `ocr` page stage (before tables and layout). It decides, per page and per picture, where
// text comes from (text_mode):
//  - ocr_standard: OCR the whole page, embedded text is dropped;
//  - auto: OCR pages with no text layer, a garbage one (U+FFFD, private use, (cid:..)) or a scan
//    under its text layer (invisible OCR text of unknown quality); on born-digital pages OCR only
//    the pictures that have no text over them, and keep those that turn out to be text;
//  - inline_fallback_to_ocr: keep embedded text wherever there is some; OCR pages without any and
//    the pictures with no text over them.
// OCR'd pages get their words as TextRuns in points (the same layout analysis follows) and their
// pictures as Image regions. With output_label_options.orientation_correction, OCR'd pages turned
// by 90/180/270 degrees are turned upright first and everything is returned in that frame.
import { overlapFraction } from '../geometry.ts';
import type { ImagePlacement, PageContent, RasterImage, Rect } from '../pdf/types.ts';
import type { PageState, PageStage, Region, StageContext } from '../stage.ts';
import { findPictures } from './image-regions.ts';
import { languageCodes } from './languages.ts';
import { cropRaster, darkPixels, rotateRaster } from './raster-ops.ts';
import { chooseOcrEngine, ocrEngineNames } from './registry.ts';
import { garbageRatio, isScannedPage, textlessPictures, visibleChars } from './text-layer.ts';
import { readAhead, takeReadAhead } from './read-ahead.ts';
import { lineConfidence, runsFromLines } from './to-runs.ts';
import type { OcrEngine, OcrImage, OcrLine, Rotation } from './types.ts';

/** Resolution pages are rendered at for OCR: 200 dpi reads 8 pt print reliably and keeps OCR fast. */
export const OCR_DPI = 200;
/** Pictures OCR'd per born-digital page at most. */
const MAX_PICTURES = 4;
/** Garbage share above which a text layer is replaced by OCR (auto). */
const MAX_GARBAGE = 0.2;
/** Lines read below this mean confidence are noise (speckles, photos), not text. */
const MIN_LINE_CONFIDENCE = 0.45;
/** Mean character confidence above which a page counts as upright (sideways text reads below 0.5). */
const UPRIGHT_CONFIDENCE = 0.75;
/** A picture is an image of text when this share of its ink lies in the lines read from it. */
const TEXT_PICTURE_INK = 0.7;

export type OcrPlan = { kind: 'none' } | { kind: 'page'; reason: string } | { kind: 'pictures'; pictures: ImagePlacement[] };

/** What text_mode asks for on this page (pure: from the page's content alone). */
export function planOcr(page: PageContent, mode: string): OcrPlan {
  if (mode === 'ocr_standard') return { kind: 'page', reason: 'text_mode ocr_standard' };
  const chars = visibleChars(page.textRuns);
  const hasGraphics = page.images.length > 0 || page.paths.length > 0;
  if (chars < 3) return hasGraphics ? { kind: 'page', reason: 'no text layer' } : { kind: 'none' };
  if (mode === 'auto') {
    if (garbageRatio(page.textRuns) > MAX_GARBAGE) return { kind: 'page', reason: 'unreadable text layer' };
    if (isScannedPage(page)) return { kind: 'page', reason: 'scanned page' };
  }
  if (mode === 'auto' || mode === 'inline_fallback_to_ocr') {
    // The largest few: each costs an OCR call, and a page with dozens of icons is not a scan.
    const pictures = textlessPictures(page)
      .sort((a, b) => (b.rect.x1 - b.rect.x0) * (b.rect.y1 - b.rect.y0) - (a.rect.x1 - a.rect.x0) * (a.rect.y1 - a.rect.y0))
      .slice(0, MAX_PICTURES);
    if (pictures.length) return { kind: 'pictures', pictures };
  }
  return { kind: 'none' };
}

function rotatePoint(x: number, y: number, w: number, h: number, r: Rotation): [number, number] {
  if (r === 90) return [h - y, x];
  if (r === 180) return [w - x, h - y];
  if (r === 270) return [y, w - x];
  return [x, y];
}

/** `rect` on a w x h page, after turning the page `r` degrees clockwise. */
export function rotateRect(rect: Rect, w: number, h: number, r: Rotation): Rect {
  const [ax, ay] = rotatePoint(rect.x0, rect.y0, w, h, r);
  const [bx, by] = rotatePoint(rect.x1, rect.y1, w, h, r);
  return { x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
}

function rotatePage(page: PageContent, r: Rotation): PageContent {
  if (r === 0) return page;
  const { width: w, height: h } = page;
  const swap = r !== 180;
  const { turned: before = 0, ...rest } = page;
  const turned = ((before + r) % 360) as Rotation;
  return {
    ...rest,
    ...(turned ? { turned } : {}),
    width: swap ? h : w,
    height: swap ? w : h,
    textRuns: page.textRuns.map((t) => ({ ...t, rect: rotateRect(t.rect, w, h, r), angle: (t.angle + 360 - r) % 360 })),
    paths: page.paths.map((p) => ({ ...p, rect: rotateRect(p.rect, w, h, r) })),
    images: page.images.map((i) => ({ ...i, rect: rotateRect(i.rect, w, h, r) })),
  };
}

/**
 * The page rendered at `dpi` as later stages see its content: turned as the OCR stage turned the
 * content (orientation_correction), so that element boxes and pixels agree.
 */
export async function renderContent(content: PageContent, dpi: number, ctx: StageContext): Promise<RasterImage> {
  const raster = await ctx.doc.rasterize(content.pageNumber, dpi, ctx.signal);
  return content.turned ? rotateRaster(raster, content.turned) : raster;
}

/** Enough text read with high confidence: the page is upright. */
function readsWell(lines: readonly OcrLine[]): boolean {
  let chars = 0;
  let weighted = 0;
  for (const l of lines) {
    for (const w of l.words) {
      chars += w.text.length;
      weighted += w.text.length * w.confidence;
    }
  }
  return chars >= 20 && weighted / chars >= UPRIGHT_CONFIDENCE;
}

const readable = (lines: readonly OcrLine[]): OcrLine[] => lines.filter((l) => lineConfidence(l) >= MIN_LINE_CONFIDENCE);

async function ocrWholePage(state: PageState, ctx: StageContext, engine: OcrEngine, codes: string[], reason: string): Promise<PageState> {
  let page = state.content;
  const ahead = takeReadAhead(ctx, page.pageNumber, OCR_DPI, engine, codes);
  if (!ahead) engine.prepare?.(codes); // the worker starts while the page renders
  let raster: OcrImage = { ...(ahead?.raster ?? (await ctx.doc.rasterize(page.pageNumber, OCR_DPI, ctx.signal))), dpi: OCR_DPI };
  // While the engine reads this page, the next one is rendered and read too if OCR reads it whole.
  const mode = ctx.options.text_mode;
  const [first] = await Promise.all([
    ahead?.result ?? engine.recognize(raster, codes, ctx.signal),
    readAhead(ctx, page.pageNumber, OCR_DPI, engine, codes, (next) => planOcr(next, mode).kind === 'page'),
  ]);
  let result = first;
  // Most pages are upright and read well: only a page that reads badly pays for orientation detection.
  if (ctx.options.output_label_options.orientation_correction && !readsWell(result.lines)) {
    const guess = await engine.detectOrientation(raster, codes, ctx.signal);
    if (guess.rotate !== 0) {
      raster = { ...rotateRaster(raster, guess.rotate), dpi: OCR_DPI };
      page = rotatePage(page, guess.rotate);
      ctx.status(`Corrected orientation of page ${page.pageNumber}: rotated ${guess.rotate} degrees clockwise`);
      result = await engine.recognize(raster, codes, ctx.signal);
    }
  }
  const lines = readable(result.lines);
  const scale = page.width / raster.width;
  const pictures = findPictures(raster, OCR_DPI, lines);
  const toRect = (b: { x0: number; y0: number; x1: number; y1: number }): Rect => ({ x0: b.x0 * scale, y0: b.y0 * scale, x1: b.x1 * scale, y1: b.y1 * scale });
  // Lines inside a picture are labels of the picture, read as its text by later stages if at all.
  const outside = lines.filter((l) => !pictures.some((p) => l.box.x0 >= p.x0 && l.box.x1 <= p.x1 && l.box.y0 >= p.y0 && l.box.y1 <= p.y1));
  const regions: Region[] = pictures.map((p) => ({ type: 'Image', rect: toRect(p), score: 0.6, properties: { source: 'ocr' } }));
  const read = runsFromLines(outside, scale);
  // auto: a page behind which a picture lies may still carry real text (a poster, a cover): text the
  // OCR did not read where it stands is kept; where OCR read text, OCR's words replace the layer.
  const kept = ctx.options.text_mode === 'auto' ? page.textRuns.filter((r) => r.text.trim() && !read.some((o) => overlapFraction(r.rect, o.rect) > 0)) : [];
  const keptNote = kept.length ? ` (and ${kept.length} text runs of the text layer where OCR read nothing)` : '';
  ctx.status(`OCR on page ${page.pageNumber} (${reason}; ${engine.name}, ${codes.join('+')}): ${outside.length} lines${keptNote}`);
  return {
    ...state,
    // The scan itself is no picture of the page: its pictures are the regions found in it (layout
    // turns regions into elements; keeping them in `images` too would make each one twice).
    content: { ...page, textRuns: [...read, ...kept], images: [] },
    regions: [...state.regions, ...regions],
  };
}

async function ocrPictures(state: PageState, ctx: StageContext, engine: OcrEngine, codes: string[], pictures: ImagePlacement[]): Promise<PageState> {
  const page = state.content;
  const raster = await ctx.doc.rasterize(page.pageNumber, OCR_DPI, ctx.signal);
  const px = OCR_DPI / 72;
  const runs = [...page.textRuns];
  const textPictures = new Set<ImagePlacement>();
  for (const pic of pictures) {
    const box = { x0: pic.rect.x0 * px, y0: pic.rect.y0 * px, x1: pic.rect.x1 * px, y1: pic.rect.y1 * px };
    const crop = { ...cropRaster(raster, box), dpi: OCR_DPI };
    const lines = readable((await engine.recognize(crop, codes, ctx.signal)).lines);
    // A picture of text: the ink is in the lines read. A photo or chart with a few labels is not.
    const ink = darkPixels(crop, { x0: 0, y0: 0, x1: crop.width, y1: crop.height });
    const inLines = lines.reduce((s, l) => s + darkPixels(crop, { x0: l.box.x0 - 2, y0: l.box.y0 - 2, x1: l.box.x1 + 2, y1: l.box.y1 + 2 }), 0);
    if (!lines.length || !ink || inLines < TEXT_PICTURE_INK * ink) continue;
    textPictures.add(pic);
    runs.push(...runsFromLines(lines, 1 / px, { x: Math.max(0, Math.floor(box.x0)) / px, y: Math.max(0, Math.floor(box.y0)) / px }));
  }
  if (!textPictures.size) return state;
  ctx.status(`OCR on page ${page.pageNumber}: ${textPictures.size} picture${textPictures.size === 1 ? '' : 's'} of text read (${engine.name})`);
  return { ...state, content: { ...page, textRuns: runs, images: page.images.filter((i) => !textPictures.has(i)) } };
}

export const ocrStage: PageStage = {
  name: 'ocr',
  async run(state, ctx) {
    const plan = planOcr(state.content, ctx.options.text_mode);
    if (plan.kind === 'none') return state;
    const codes = languageCodes(ctx.options.ocr_language);
    // An environment without OCR (a bare core embedding) still partitions what text there is;
    // only an explicit request for OCR fails.
    if (!ocrEngineNames().length && ctx.options.text_mode !== 'ocr_standard') {
      ctx.status(`OCR skipped on page ${state.content.pageNumber}: no OCR engine in this environment`);
      return state;
    }
    const engine = chooseOcrEngine(codes);
    if (plan.kind === 'page') return ocrWholePage(state, ctx, engine, codes, plan.reason);
    return ocrPictures(state, ctx, engine, codes, plan.pictures);
  },
};
