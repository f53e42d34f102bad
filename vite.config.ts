import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteStaticCopy } from 'vite-plugin-static-copy';

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
      targets: ['standard_fonts', 'cmaps', 'wasm'].map((dir) => ({ src: `node_modules/pdfjs-dist/${dir}`, dest: 'pdfjs' })),
    }),
  ],
  server: { headers: isolation, port: 5173, strictPort: false },
  preview: { headers: isolation, port: 4173 },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
});
