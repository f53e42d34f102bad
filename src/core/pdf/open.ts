// Opening an input file: PDF through pdf.js, PNG/JPEG as a one-page document. Every wait on pdf.js
// is bounded (timeout + abort signal) and every failure becomes a TesseraError.

/* eslint-disable @typescript-eslint/no-explicit-any */
import { TesseraError } from '../contract/errors.ts';
import { readJpegHeader, readPngHeader, sniffKind, type ImageHeader } from './image-header.ts';
import { buildPageContent, mul } from './page-reader.ts';
import {
  getPdfjs,
  type PdfjsDocument,
  type PdfjsEnvironment,
  type PdfjsLoader,
  type PdfjsLoadingTask,
  type PdfjsPage,
} from './pdfjs-env.ts';
import { getRasterBackend, type RasterBackend } from './raster-backend.ts';
import { findSoleImage, resampleImage, type DecodedImage } from './scan-image.ts';
import { decodeTiffPage, readTiffPages, type TiffPage } from './tiff.ts';
import type { OpenedDocument, OpenOptions, PageContent, RasterImage } from './types.ts';

export interface OpenDocumentOptions extends OpenOptions {
  /** pdf.js to use for this call instead of the installed loader (setPdfjsLoader). */
  pdfjs?: PdfjsEnvironment | PdfjsLoader;
  /** Image decoder for PNG/JPEG inputs instead of the installed one (setRasterBackend). */
  raster?: RasterBackend;
}

const OPEN_TIMEOUT_MS = 30_000;
const PAGE_TIMEOUT_MS = 60_000;
/** Largest raster we agree to allocate (pixels): about 400 MB of RGBA. */
const MAX_RASTER_PIXELS = 100_000_000;
/** Largest scan raster kept for a second request of the same page (pixels: about 36 MB of RGBA). */
const MAX_KEPT_RASTER_PIXELS = 9_000_000;

const unreadable = (reason: string): TesseraError =>
  new TesseraError('unreadable_file', `The file is not a readable PDF: ${shorten(reason)}`);
const cancelledError = (): TesseraError => new TesseraError('cancelled', 'The request was cancelled.');

function shorten(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  return t.length > 160 ? `${t.slice(0, 157)}...` : t || 'unknown error';
}

function errorMessage(e: unknown): string {
  if (e && typeof e === 'object' && 'message' in e && typeof (e as { message: unknown }).message === 'string') {
    return (e as { message: string }).message;
  }
  return String(e);
}

function errorName(e: unknown): string {
  return e && typeof e === 'object' && typeof (e as { name?: unknown }).name === 'string' ? (e as { name: string }).name : '';
}

/**
 * Settle with `work`, or reject when a signal aborts (cancelled) or `ms` pass (onTimeout()).
 * `onStop` runs when we give up early (to cancel the pdf.js work behind the promise).
 */
function bounded<T>(
  work: Promise<T>,
  signals: Array<AbortSignal | undefined>,
  ms: number,
  onTimeout: () => TesseraError,
  onStop?: () => void,
): Promise<T> {
  const live = signals.filter((s): s is AbortSignal => !!s);
  if (live.some((s) => s.aborted)) {
    onStop?.();
    work.catch(() => {});
    return Promise.reject(cancelledError());
  }
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const finish = (): void => {
      done = true;
      clearTimeout(timer);
      for (const s of live) s.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      if (done) return;
      finish();
      onStop?.();
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      if (done) return;
      finish();
      onStop?.();
      reject(onTimeout());
    }, ms);
    for (const s of live) s.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        if (done) return;
        finish();
        resolve(v);
      },
      (e: unknown) => {
        if (done) return;
        finish();
        reject(e);
      },
    );
  });
}

function checkPage(n: number, numPages: number): void {
  if (!Number.isInteger(n) || n < 1 || n > numPages) {
    throw new TesseraError('bad_page', `Page ${n} does not exist: the document has ${numPages} page${numPages === 1 ? '' : 's'}.`);
  }
}

function checkDpi(dpi: number): void {
  if (!Number.isFinite(dpi) || dpi <= 0) throw new TesseraError('bad_option', `Invalid raster resolution: ${dpi} dpi.`);
}

/** One picture over (nearly) the whole page and no vector graphics: a scan. */
function isScanLike(page: PageContent): boolean {
  if (page.images.length !== 1 || page.paths.length) return false;
  const r = page.images[0]!.rect;
  return (r.x1 - r.x0) * (r.y1 - r.y0) >= 0.9 * page.width * page.height;
}

function rasterSize(widthPt: number, heightPt: number, dpi: number): { w: number; h: number } {
  const w = Math.max(1, Math.round((widthPt * dpi) / 72));
  const h = Math.max(1, Math.round((heightPt * dpi) / 72));
  if (w * h > MAX_RASTER_PIXELS) {
    throw new TesseraError('bad_option', `A ${w}x${h} raster is too large; use a lower resolution than ${dpi} dpi.`);
  }
  return { w, h };
}

/**
 * Open a PDF, PNG, JPEG or (multi-page) TIFF file. The bytes are copied (pdf.js detaches the buffer it is given).
 * Rejects with TesseraError: unreadable_file, password_required, wrong_password, cancelled.
 */
export async function openDocument(bytes: Uint8Array, opts: OpenDocumentOptions = {}): Promise<OpenedDocument> {
  if (opts.signal?.aborted) throw cancelledError();
  if (!bytes || bytes.length === 0) throw unreadable('the file is empty (0 bytes)');
  const kind = sniffKind(bytes);
  if (kind === null) throw unreadable('no PDF header (%PDF) and not a PNG, JPEG or TIFF image');
  if (kind === 'png' || kind === 'jpeg') return openImage(bytes, kind, opts);
  if (kind === 'tiff') return openTiff(bytes, opts);
  return openPdf(bytes, opts);
}

// ---------------------------------------------------------------------------------------------
// PDF

function mapOpenError(e: unknown): TesseraError {
  if (e instanceof TesseraError) return e;
  const name = errorName(e);
  if (name === 'PasswordException') {
    const code = (e as { code?: unknown }).code;
    if (code === 2) return new TesseraError('wrong_password', 'The password is wrong for this encrypted PDF.');
    return new TesseraError('password_required', 'The PDF is encrypted; give its password.');
  }
  if (name === 'AbortException') return cancelledError();
  return unreadable(errorMessage(e));
}

/** One pdf.js document of `bytes`, opened within the time allowed. */
async function loadPdf(env: PdfjsEnvironment, bytes: Uint8Array, opts: OpenOptions, extra: Record<string, unknown> = {}): Promise<PdfjsHandle> {
  const timeoutMs = opts.timeoutMs ?? OPEN_TIMEOUT_MS;
  if (opts.signal?.aborted) throw cancelledError();
  let task: PdfjsLoadingTask;
  try {
    task = env.lib.getDocument({
      verbosity: 0, // errors only: broken files make pdf.js chatty
      isEvalSupported: false,
      stopAtErrors: false,
      ...env.params,
      ...extra,
      data: bytes.slice(), // pdf.js transfers (detaches) this buffer
      password: opts.password ? opts.password : undefined,
    });
  } catch (e) {
    throw mapOpenError(e);
  }
  const destroy = (): void => {
    task.destroy().catch(() => {});
  };
  try {
    const doc = await bounded(
      task.promise,
      [opts.signal],
      timeoutMs,
      () => unreadable(`opening timed out after ${Math.round(timeoutMs / 1000)} s`),
      destroy,
    );
    return { task, doc };
  } catch (e) {
    destroy();
    throw mapOpenError(e);
  }
}

async function openPdf(bytes: Uint8Array, opts: OpenDocumentOptions): Promise<OpenedDocument> {
  let env: PdfjsEnvironment;
  try {
    env = typeof opts.pdfjs === 'function' ? await opts.pdfjs() : opts.pdfjs ?? (await getPdfjs());
  } catch (e) {
    throw new TesseraError('internal', `Could not load pdf.js: ${shorten(errorMessage(e))}`);
  }
  // Where pdf.js allows it, pages are read from a document that is never drawn: it skips decoding
  // pictures and building glyph outlines, which only drawing needs.
  const reading = await loadPdf(env, bytes, opts, env.unrenderableDocuments ? { renderable: false } : {});
  if (!(reading.doc.numPages > 0)) {
    reading.task.destroy().catch(() => {});
    throw unreadable('the document has no pages');
  }
  return new PdfDocument(reading, env, opts, env.unrenderableDocuments ? bytes.slice() : null);
}

interface PdfjsHandle {
  task: PdfjsLoadingTask;
  doc: PdfjsDocument;
}

class PdfDocument implements OpenedDocument {
  readonly kind = 'pdf' as const;
  readonly numPages: number;
  #closed = false;
  readonly #pageTimeoutMs: number;
  /** Pages readPage found to be one picture over the whole page (scans): rasterized from its pixels. */
  readonly #scanPages = new Set<number>();
  /**
   * The document pages are drawn from: the reading one, unless that one cannot be drawn; then a
   * second one, opened on the first drawing (most runs never draw a page).
   */
  #drawing: Promise<PdfjsHandle> | null;
  /**
   * The last two scan pages rasterized: a later request for the same page at the same or a lower
   * resolution (the table stage's ruling search after OCR) is resampled from it, not decoded again.
   */
  readonly #scanRasters: Array<{ pageNumber: number; dpi: number; raster: RasterImage }> = [];

  constructor(
    private readonly reading: PdfjsHandle,
    private readonly env: PdfjsEnvironment,
    private readonly opts: OpenOptions,
    /** The file, kept to open the drawing document from; null when the reading one draws. */
    private readonly bytes: Uint8Array | null,
  ) {
    this.numPages = reading.doc.numPages;
    this.#pageTimeoutMs = opts.timeoutMs ?? PAGE_TIMEOUT_MS;
    this.#drawing = bytes ? null : Promise.resolve(reading);
  }

  #mapPageError(pageNumber: number, e: unknown): TesseraError {
    if (e instanceof TesseraError) return e;
    const name = errorName(e);
    if (this.#closed || name === 'AbortException' || name === 'RenderingCancelledException') return cancelledError();
    return unreadable(`page ${pageNumber}: ${errorMessage(e)}`);
  }

  /** Wait on pdf.js for one page operation: bounded, cancellable, errors mapped. */
  async #wait<T>(pageNumber: number, what: string, work: Promise<T>, signal?: AbortSignal, onStop?: () => void): Promise<T> {
    try {
      return await bounded(
        work,
        [signal, this.opts.signal],
        this.#pageTimeoutMs,
        () => new TesseraError('internal', `${what} page ${pageNumber} timed out after ${Math.round(this.#pageTimeoutMs / 1000)} s.`),
        onStop,
      );
    } catch (e) {
      throw this.#mapPageError(pageNumber, e);
    }
  }

  #checkOpen(): void {
    if (this.#closed) throw new TesseraError('cancelled', 'The document is closed.');
  }

  async #getPage(doc: PdfjsDocument, pageNumber: number, signal?: AbortSignal): Promise<PdfjsPage> {
    this.#checkOpen();
    checkPage(pageNumber, this.numPages);
    return this.#wait(pageNumber, 'Opening', doc.getPage(pageNumber), signal);
  }

  async readPage(pageNumber: number, signal?: AbortSignal): Promise<PageContent> {
    const page = await this.#getPage(this.reading.doc, pageNumber, signal);
    try {
      const vp = page.getViewport({ scale: 1 });
      // The operator list first: it loads the fonts into commonObjs, where their real names live.
      const ops = await this.#wait(pageNumber, 'Reading', page.getOperatorList(), signal);
      const tc = await this.#wait(
        pageNumber,
        'Reading',
        page.getTextContent({ includeMarkedContent: false, disableNormalization: false }),
        signal,
      );
      const content = buildPageContent(page, pageNumber, vp, ops, tc, this.env.lib.OPS);
      if (this.#resamples && isScanLike(content)) this.#scanPages.add(pageNumber);
      return content;
    } finally {
      this.#cleanup(page);
    }
  }

  /** Where pdf.js hands images over as ImageBitmaps (browsers) there are no pixels to resample. */
  get #resamples(): boolean {
    return !this.env.params?.isOffscreenCanvasSupported;
  }

  /** The drawing document, opened now if need be (a failure is reported by the call that needs it, and tried again by the next). */
  async #drawingDoc(): Promise<PdfjsDocument> {
    this.#checkOpen();
    if (!this.#drawing) {
      const opening = loadPdf(this.env, this.bytes!, this.opts);
      this.#drawing = opening;
      opening.catch(() => {
        if (this.#drawing === opening) this.#drawing = null;
      });
    }
    const { doc } = await this.#drawing;
    this.#checkOpen(); // closed meanwhile: close() destroys it
    return doc;
  }

  /** A scan page drawn from its one picture's pixels; null when pdf.js must draw it. */
  async #fromSoleImage(page: PdfjsPage, pageNumber: number, dpi: number, w: number, h: number, signal?: AbortSignal): Promise<RasterImage | null> {
    const viewport = page.getViewport({ scale: dpi / 72 });
    const device = mul([w / viewport.width, 0, 0, h / viewport.height, 0, 0], viewport.transform);
    const ops = await this.#wait(pageNumber, 'Rendering', page.getOperatorList(), signal);
    const sole = findSoleImage(ops.fnArray, ops.argsArray, this.env.lib.OPS, device, w, h);
    if (!sole) return null;
    const objs = sole.objId.startsWith('g_') ? page.commonObjs : page.objs;
    // pdf.js resolves an image it could not decode with null: then the canvas route says why.
    const img = await this.#wait(pageNumber, 'Rendering', new Promise<DecodedImage | null>((resolve) => objs.get(sole.objId, resolve)), signal);
    if (!img || (img as { bitmap?: unknown }).bitmap) return null; // a browser ImageBitmap: no pixels to read here
    return resampleImage(img, sole.matrix, w, h);
  }

  async rasterize(pageNumber: number, dpi: number, signal?: AbortSignal): Promise<RasterImage> {
    checkDpi(dpi);
    const doc = await this.#drawingDoc();
    const factory = doc.canvasFactory;
    if (!factory) throw new TesseraError('internal', 'This pdf.js has no canvas factory to render with.');
    const page = await this.#getPage(doc, pageNumber, signal);
    const base = page.getViewport({ scale: 1 });
    const { w, h } = rasterSize(base.width, base.height, dpi);
    const done = this.#scanRasters.find((r) => r.pageNumber === pageNumber && r.dpi >= dpi);
    if (done) {
      this.#cleanup(page);
      const { width, height, data } = done.raster;
      const again = resampleImage({ width, height, kind: 3, data }, [w, 0, 0, -h, 0, h], w, h);
      if (again) return again;
    }
    // Scale each axis so the page fills the integer-sized canvas exactly.
    const viewport = page.getViewport({ scale: dpi / 72 });
    let cc: { canvas: any; context: any } | null = null;
    try {
      if (this.#scanPages.has(pageNumber)) {
        const fast = await this.#fromSoleImage(page, pageNumber, dpi, w, h, signal);
        if (fast) {
          // Up to A4 at 300 dpi (a poster-sized page is not worth holding on to).
          if (w * h <= MAX_KEPT_RASTER_PIXELS) this.#scanRasters.push({ pageNumber, dpi, raster: fast });
          if (this.#scanRasters.length > 2) this.#scanRasters.shift();
          return fast;
        }
      }
      cc = factory.create(w, h);
      const sx = w / viewport.width;
      const sy = h / viewport.height;
      const task = page.render({
        canvasContext: cc.context,
        canvas: cc.canvas,
        viewport,
        transform: Math.abs(sx - 1) > 1e-9 || Math.abs(sy - 1) > 1e-9 ? [sx, 0, 0, sy, 0, 0] : null,
        background: 'rgb(255,255,255)',
      });
      await this.#wait(pageNumber, 'Rendering', task.promise, signal, () => task.cancel());
      const img = cc.context.getImageData(0, 0, w, h);
      return { width: w, height: h, data: new Uint8ClampedArray(img.data) };
    } catch (e) {
      throw this.#mapPageError(pageNumber, e);
    } finally {
      if (cc) {
        try {
          factory.destroy(cc);
        } catch {
          /* already gone */
        }
      }
      this.#cleanup(page);
    }
  }

  #cleanup(page: PdfjsPage): void {
    try {
      page.cleanup();
    } catch {
      /* pending work on the page: pdf.js frees it later */
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#scanRasters.length = 0;
    // A drawing document of its own (or one still opening) goes too.
    const drawing = this.bytes ? this.#drawing : null;
    this.#drawing = null;
    const destroy = async (handle: Promise<PdfjsHandle> | PdfjsHandle | null): Promise<void> => {
      try {
        await (await handle)?.task.destroy();
      } catch {
        /* destroying a broken document (or one that never opened) can reject: nothing left to free */
      }
    };
    await Promise.all([destroy(this.reading), destroy(drawing)]);
  }
}

// ---------------------------------------------------------------------------------------------
// PNG / JPEG: one page, 1 px = 1 pt unless the file states its resolution (PNG pHYs, JPEG JFIF
// density), in which case the page has the image's physical size. EXIF orientation is ignored.

function openImage(bytes: Uint8Array, kind: 'png' | 'jpeg', opts: OpenDocumentOptions): OpenedDocument {
  let header: ImageHeader;
  try {
    header = kind === 'png' ? readPngHeader(bytes) : readJpegHeader(bytes);
  } catch (e) {
    throw unreadable(errorMessage(e));
  }
  return new ImageDocument(bytes.slice(), kind, header, opts);
}

class ImageDocument implements OpenedDocument {
  readonly numPages = 1;
  readonly width: number;
  readonly height: number;
  #closed = false;

  constructor(
    private readonly bytes: Uint8Array,
    readonly kind: 'png' | 'jpeg',
    private readonly header: ImageHeader,
    private readonly opts: OpenDocumentOptions,
  ) {
    const r = (v: number): number => Math.round(v * 1000) / 1000;
    this.width = r((header.width * 72) / (header.dpiX ?? 72));
    this.height = r((header.height * 72) / (header.dpiY ?? 72));
  }

  async readPage(pageNumber: number, signal?: AbortSignal): Promise<PageContent> {
    if (this.#closed) throw new TesseraError('cancelled', 'The document is closed.');
    if (signal?.aborted || this.opts.signal?.aborted) throw cancelledError();
    checkPage(pageNumber, 1);
    return {
      pageNumber,
      width: this.width,
      height: this.height,
      rotate: 0,
      textRuns: [],
      paths: [],
      images: [
        {
          rect: { x0: 0, y0: 0, x1: this.width, y1: this.height },
          pixelWidth: this.header.width,
          pixelHeight: this.header.height,
        },
      ],
    };
  }

  async rasterize(pageNumber: number, dpi: number, signal?: AbortSignal): Promise<RasterImage> {
    if (this.#closed) throw new TesseraError('cancelled', 'The document is closed.');
    checkPage(pageNumber, 1);
    checkDpi(dpi);
    const { w, h } = rasterSize(this.width, this.height, dpi);
    const backend = getRasterBackend(this.opts.raster);
    const timeoutMs = this.opts.timeoutMs ?? PAGE_TIMEOUT_MS;
    try {
      const img = await bounded(
        backend.decodeImage(this.bytes, this.kind === 'png' ? 'image/png' : 'image/jpeg', w, h),
        [signal, this.opts.signal],
        timeoutMs,
        () => new TesseraError('internal', `Decoding the image timed out after ${Math.round(timeoutMs / 1000)} s.`),
      );
      if (img.width !== w || img.height !== h || img.data.length !== w * h * 4) {
        throw new TesseraError('internal', `The raster backend returned ${img.width}x${img.height}, expected ${w}x${h}.`);
      }
      return img;
    } catch (e) {
      if (e instanceof TesseraError) throw e;
      throw new TesseraError('unreadable_file', `The file is not a readable ${this.kind.toUpperCase()} image: ${shorten(errorMessage(e))}`);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}

// ---------------------------------------------------------------------------------------------
// TIFF: one page per image, decoded in core (./tiff.ts) since no platform decodes TIFF for us.

function openTiff(bytes: Uint8Array, opts: OpenDocumentOptions): OpenedDocument {
  let read: ReturnType<typeof readTiffPages>;
  try {
    read = readTiffPages(bytes);
  } catch (e) {
    throw new TesseraError('unreadable_file', `The file is not a readable TIFF image: ${shorten(errorMessage(e))}`);
  }
  return new TiffDocument(bytes.slice(), read.ifds, read.pages, opts);
}

class TiffDocument implements OpenedDocument {
  readonly kind = 'tiff' as const;
  readonly numPages: number;
  #closed = false;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly ifds: ReturnType<typeof readTiffPages>['ifds'],
    private readonly pages: TiffPage[],
    private readonly opts: OpenDocumentOptions,
  ) {
    this.numPages = pages.length;
  }

  #size(n: number): { width: number; height: number; page: TiffPage } {
    const page = this.pages[n - 1]!;
    const r = (v: number): number => Math.round(v * 1000) / 1000;
    return { width: r((page.width * 72) / (page.dpiX ?? 72)), height: r((page.height * 72) / (page.dpiY ?? 72)), page };
  }

  #check(pageNumber: number, signal?: AbortSignal): void {
    if (this.#closed) throw new TesseraError('cancelled', 'The document is closed.');
    if (signal?.aborted || this.opts.signal?.aborted) throw cancelledError();
    checkPage(pageNumber, this.numPages);
  }

  async readPage(pageNumber: number, signal?: AbortSignal): Promise<PageContent> {
    this.#check(pageNumber, signal);
    const { width, height, page } = this.#size(pageNumber);
    return {
      pageNumber,
      width,
      height,
      rotate: 0,
      textRuns: [],
      paths: [],
      images: [{ rect: { x0: 0, y0: 0, x1: width, y1: height }, pixelWidth: page.width, pixelHeight: page.height }],
    };
  }

  async rasterize(pageNumber: number, dpi: number, signal?: AbortSignal): Promise<RasterImage> {
    this.#check(pageNumber, signal);
    checkDpi(dpi);
    const { width, height } = this.#size(pageNumber);
    const { w, h } = rasterSize(width, height, dpi);
    try {
      return decodeTiffPage(this.bytes, this.ifds[pageNumber - 1]!, w, h);
    } catch (e) {
      throw new TesseraError('unreadable_file', `Page ${pageNumber} of the TIFF image is not readable: ${shorten(errorMessage(e))}`);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}
