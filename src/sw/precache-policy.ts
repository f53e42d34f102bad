// Which files of the build the service worker fetches when it installs, and which it caches only
// when they are first used. Installed: everything a default run needs offline (the app, the engine,
// pdf.js and its data, English OCR with orientation detection). On first use: large optional data —
// the chunking tokenizers (0.5-6 MB each), OCR languages other than English (tesseract/lang/: the
// @tesseract.js-data packages' files and the repository's models/tessdata/, e.g. Russian), and
// PP-OCR (Chinese: onnxruntime's wasm and two models, ~30 MB). A file cached on first use works
// offline from then on.

/** The tokenizer data files of the service worker (written by vite-plugin.ts, read by tokenizer-source.ts). */
export const tiktokenDataFile = (encoding: string) => `tokenizers/${encoding}.json`;
export const hfDataFiles = (pkg: string) => [`tokenizers/${pkg}.tokenizer.json`, `tokenizers/${pkg}.tokenizer_config.json`] as const;

/** Tokenizer data: the app's lazy chunks (rank tables, tokenizer.json) and the worker's JSON files. */
const TOKENIZER_CHUNK = /^assets\/(gpt2|r50k_base|p50k_base|p50k_edit|cl100k_base|o200k_base|tokenizer|tokenizer_config|tokenizers)-[\w-]+\.js$/;

export function cachedOnFirstUse(file: string): boolean {
  return (
    TOKENIZER_CHUNK.test(file) ||
    file.startsWith('tokenizers/') ||
    (file.startsWith('tesseract/lang/') && !file.startsWith('tesseract/lang/eng.')) ||
    file.startsWith('ppocr/') ||
    file.startsWith('ort/') ||
    /^assets\/ort-wasm[\w-]*\.(wasm|mjs)$/.test(file)
  );
}

export interface WasmFeatures {
  simd: boolean;
  relaxedSimd: boolean;
}

/**
 * tesseract.js ships six wasm cores (~4 MB each) and loads one per kind of worker, chosen by the
 * browser's SIMD support (tesseract.js/src/worker-script/browser/getCore.js): the LSTM-only core for
 * text, the full core for orientation detection. Only those two are worth installing.
 */
export function tesseractCoreWanted(file: string, features: WasmFeatures): boolean {
  const m = /(?:^|\/)tesseract\/core\/tesseract-core(-relaxedsimd|-simd)?(-lstm)?\.wasm\.js$/.exec(file);
  if (!m) return true; // not a tesseract core
  const variant = features.relaxedSimd ? '-relaxedsimd' : features.simd ? '-simd' : undefined;
  return m[1] === variant;
}
