// OCR: engines behind one interface, the registry the environment installs them in, and the `ocr`
// page stage that decides per page (text_mode) between embedded text and OCR.
export type { OcrEngine, OcrImage, OcrLine, OcrPage, OcrWord, OrientationGuess, PixelBox, Rotation } from './types.ts';
export { TesseractEngine, linesFromBlocks, type TesseractHost, type TesseractWorkerLike, type TessBlock } from './tesseract.ts';
export {
  registerOcrEngine,
  ocrEngineNames,
  setPreferredOcrEngine,
  preferredOcrEngine,
  chooseOcrEngine,
  releaseOcrEngines,
  liveOcrWorkers,
} from './registry.ts';
export { LANGUAGE_CODES, LANGUAGE_DATA_CODES, SUPPORTED_LANGUAGES, languageCodes, languageProblems } from './languages.ts';
export { ocrStage, planOcr, rotateRect, OCR_DPI } from './stage.ts';
export { rotateRaster, encodePgm, cropRaster } from './raster-ops.ts';
export { runsFromLines } from './to-runs.ts';
export { findPictures } from './image-regions.ts';
export { garbageRatio } from './text-layer.ts';
