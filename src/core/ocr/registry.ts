// OCR engines by name, installed by the environment (src/cli/ocr-node.ts, src/worker/ocr-browser.ts),
// and the rule that picks one for a request: the host's setting (CLI --ocr-engine /
// TESSERA_OCR_ENGINE), else the language's preferred engine (PP-OCR for Chinese), else tesseract.
import { TesseraError } from '../contract/errors.ts';
import type { OcrEngine } from './types.ts';

const engines = new Map<string, OcrEngine>();
let preferred: string | null = null;

/** Languages a PP-OCR model reads better than tesseract (its models are trained on Chinese). */
const PPOCR_FIRST = new Set(['chi_sim', 'chi_tra']);

export function registerOcrEngine(engine: OcrEngine): void {
  engines.set(engine.name, engine);
}

export function ocrEngineNames(): string[] {
  return [...engines.keys()];
}

/** The host's choice of engine for every request (null: choose by language). */
export function setPreferredOcrEngine(name: string | null): void {
  preferred = name;
}

export function preferredOcrEngine(): string | null {
  return preferred;
}

export function chooseOcrEngine(codes: readonly string[]): OcrEngine {
  if (!engines.size) {
    throw new TesseraError('unsupported', 'OCR is not available in this environment: no OCR engine is installed');
  }
  if (preferred) {
    const e = engines.get(preferred);
    if (!e) throw new TesseraError('bad_option', `Unknown OCR engine "${preferred}"; available: ${ocrEngineNames().join(', ')}`);
    const missing = codes.filter((c) => !e.supports(c));
    if (missing.length) {
      throw new TesseraError('bad_option', `The OCR engine "${preferred}" cannot read ${missing.join(', ')}; use another engine`);
    }
    return e;
  }
  const pp = engines.get('ppocr');
  if (pp && codes.some((c) => PPOCR_FIRST.has(c)) && codes.every((c) => pp.supports(c))) return pp;
  const fallback = engines.get('tesseract') ?? [...engines.values()][0]!;
  return fallback;
}

/** Terminate every engine's workers (the end of a job, a cancelled job, process exit). */
export async function releaseOcrEngines(): Promise<void> {
  await Promise.all([...engines.values()].map((e) => e.release()));
}

export function liveOcrWorkers(): number {
  let n = 0;
  for (const e of engines.values()) n += e.liveWorkers();
  return n;
}
