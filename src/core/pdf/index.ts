// The pdf.js adapter's public surface. Nothing outside src/core/pdf sees a pdf.js object.
export { openDocument, type OpenDocumentOptions } from './open.ts';
export {
  setPdfjsLoader,
  defaultPdfjsLoader,
  type PdfjsEnvironment,
  type PdfjsLoader,
  type PdfjsLib,
} from './pdfjs-env.ts';
export { setRasterBackend, type RasterBackend } from './raster-backend.ts';
export { sniffKind, type FileKind } from './image-header.ts';
export { styleFromFontName, isThin } from './page-reader.ts';
export type {
  ImagePlacement,
  OpenedDocument,
  OpenOptions,
  PageContent,
  RasterImage,
  Rect,
  TextRun,
  VectorPath,
} from './types.ts';
