// What the pdf.js adapter hands to the rest of the engine: plain data, no pdf.js objects.
//
// Coordinates: every Rect here is in PDF points in the *displayed* page frame (the page's /Rotate
// and crop box already applied), origin top-left, y growing downwards. Normalising to the contract's
// 0..1 bbox is a division by the page's width/height (see ../geometry.ts).

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TextRun {
  text: string;
  rect: Rect;
  /** PostScript/base font name as embedded, e.g. `ABCDEF+Times-Bold` (subset prefix kept). */
  fontName: string;
  /** Height of the glyphs in points (from the text matrix, not the nominal size). */
  fontSize: number;
  bold: boolean;
  italic: boolean;
  /** Writing direction pdf.js reports for the run. */
  dir: 'ltr' | 'rtl' | 'ttb';
  /** Rotation of the baseline in degrees counter-clockwise from the displayed page's x axis. */
  angle: number;
  /** pdf.js marks end-of-line runs it infers; useful for line building. */
  hasEOL: boolean;
}

export interface VectorPath {
  kind: 'line' | 'rect' | 'curve';
  rect: Rect;
  stroked: boolean;
  filled: boolean;
  lineWidth: number;
}

export interface ImagePlacement {
  rect: Rect;
  /** Intrinsic pixel size of the image XObject when known. */
  pixelWidth: number | null;
  pixelHeight: number | null;
}

export interface PageContent {
  /** 1-based page number in the original file. */
  pageNumber: number;
  /** Displayed size in points (after rotation). */
  width: number;
  height: number;
  /** The page's /Rotate, normalised to 0/90/180/270. */
  rotate: 0 | 90 | 180 | 270;
  /**
   * Degrees clockwise the OCR stage turned this content to make a sideways scan upright
   * (orientation_correction); pixels rendered from the file must be turned as much to match it.
   */
  turned?: 90 | 180 | 270;
  textRuns: TextRun[];
  paths: VectorPath[];
  images: ImagePlacement[];
}

/** RGBA pixels, row-major, 4 bytes per pixel. */
export interface RasterImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface OpenOptions {
  password?: string;
  /** Aborting rejects the pending call with TesseraError('cancelled'). */
  signal?: AbortSignal;
  /**
   * Upper bound for any single wait on pdf.js (opening, reading or rendering one page), in ms.
   * Defaults: 30 s to open, 60 s per page operation. On expiry: 'unreadable_file' (open) or
   * 'internal' (page operations).
   */
  timeoutMs?: number;
}

export interface OpenedDocument {
  kind: 'pdf' | 'png' | 'jpeg' | 'tiff';
  numPages: number;
  /** Read one page's content (1-based). */
  readPage(pageNumber: number, signal?: AbortSignal): Promise<PageContent>;
  /** Render one page at the given resolution (72 dpi = 1 pixel per point). */
  rasterize(pageNumber: number, dpi: number, signal?: AbortSignal): Promise<RasterImage>;
  /** Release pdf.js resources. Safe to call twice. */
  close(): Promise<void>;
}
