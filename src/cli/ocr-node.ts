// Node's OCR environment: tesseract.js workers (worker_threads) with their traineddata read from
// node_modules (`@tesseract.js-data/<code>` packages) or, for the languages no such package exists
// for, from this repository's models/tessdata/ — never downloaded. Call installNodeOcr() once
// per thread (the CLI task, tests, the bench).
import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { createWorker, OEM } from 'tesseract.js';
import { TesseraError } from '../core/contract/errors.ts';
import { REPO_TESSDATA_CODES, REPO_TESSDATA_DIR } from '../core/ocr/languages.ts';
import { registerOcrEngine, setPreferredOcrEngine, TesseractEngine, type TesseractHost, type TesseractWorkerLike } from '../core/ocr/index.ts';
import { PpOcrEngine } from '../core/ocr/ppocr.ts';
import { nodePpOcrHost } from './ocr-ppocr-node.ts';

const require = createRequire(import.meta.url);

/**
 * Folder holding `<code>.traineddata.gz`. LSTM data comes from the packages' 4.0.0_best_int folder
 * (what tesseract.js itself uses for LSTM), OSD needs the full 4.0.0 data (legacy engine).
 */
function dataDir(code: string): string {
  if (REPO_TESSDATA_CODES.includes(code)) return checked(repoTessdataDir(), code, `${REPO_TESSDATA_DIR}/${code}.traineddata.gz of the Tessera repository`);
  let pkg: string;
  try {
    pkg = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    throw new TesseraError('unsupported', `The OCR language data "${code}" is not installed (npm package @tesseract.js-data/${code})`);
  }
  const dir = path.join(pkg, code === 'osd' ? '4.0.0' : '4.0.0_best_int');
  return checked(dir, code, `${dir}/${code}.traineddata.gz`);
}

/** The repository's models/tessdata/ (this file is src/cli/ocr-node.ts; the CLI runs from source). */
function repoTessdataDir(): string {
  return fileURLToPath(new URL(`../../${REPO_TESSDATA_DIR}/`, import.meta.url));
}

/** `dir`, once `<code>.traineddata.gz` is known to be there: tesseract.js never settles createWorker when a language file is missing. */
function checked(dir: string, code: string, what: string): string {
  if (!existsSync(path.join(dir, `${code}.traineddata.gz`))) {
    throw new TesseraError('unsupported', `The OCR language data ${what} is missing`);
  }
  return dir;
}

/**
 * tesseract.js reads every language of a worker from one folder: one language is read in place;
 * several get a folder of symbolic links (in the temp dir, shared by every run, made once).
 */
export function languageFolder(codes: readonly string[]): string {
  if (codes.length === 1) return dataDir(codes[0]!);
  const targets = codes.map((code) => path.join(dataDir(code), `${code}.traineddata.gz`));
  // The folder is named after what it links to: links made by another checkout (models/tessdata/
  // lives in the repository, which may since have moved) are never reused, so none dangles.
  const key = createHash('sha256').update(targets.join('\n')).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `tessera-tessdata-${codes.join('+')}-${key}`);
  mkdirSync(dir, { recursive: true });
  for (const [i, code] of codes.entries()) {
    const link = path.join(dir, `${code}.traineddata.gz`);
    if (existsSync(link)) continue;
    try {
      symlinkSync(targets[i]!, link);
    } catch (e) {
      // Another process made it between our check and the link: that is the link we want.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return dir;
}

/**
 * OCR workers per thread: one per core (up to 4) on the main thread, where the OCR stage reads the
 * next scanned page while this one is read (src/core/ocr/read-ahead.ts): OCR is most of a scan's
 * work, and pdf.js's share fits in between. One in the CLI's worker threads, which spread pages
 * over the cores already.
 */
function maxWorkers(): number {
  return isMainThread ? Math.max(1, Math.min(4, os.availableParallelism())) : 1;
}

async function startWorker(kind: 'text' | 'osd', codes: readonly string[]): Promise<TesseractWorkerLike> {
  const osd = kind === 'osd';
  const w = await createWorker(osd ? 'osd' : [...codes], osd ? OEM.TESSERACT_ONLY : OEM.LSTM_ONLY, {
    langPath: languageFolder(osd ? ['osd'] : codes),
    gzip: true,
    cacheMethod: 'none', // never write traineddata copies into the working directory
    ...(osd ? { legacyCore: true, legacyLang: true } : {}),
    errorHandler: () => {}, // failures reject the call that caused them
  });
  const thread = (w as unknown as { worker?: { ref?(): void; unref?(): void } }).worker;
  return {
    recognize: (image, options, output) => w.recognize(image as unknown as Buffer, options, output) as never,
    detect: (image) => w.detect(image as unknown as Buffer) as never,
    setParameters: (params) => w.setParameters(params),
    terminate: () => w.terminate(),
    ref: () => thread?.ref?.(),
    unref: () => thread?.unref?.(),
  };
}

export const nodeTesseractHost: TesseractHost = { createWorker: startWorker, maxWorkers: maxWorkers() };

let installed = false;

/** Register the OCR engines (tesseract, ppocr); TESSERA_OCR_ENGINE (set by `--ocr-engine`) picks one for every request. */
export function installNodeOcr(): void {
  if (installed) return;
  installed = true;
  registerOcrEngine(new TesseractEngine(nodeTesseractHost));
  registerOcrEngine(new PpOcrEngine(nodePpOcrHost));
  const chosen = process.env.TESSERA_OCR_ENGINE;
  if (chosen) setPreferredOcrEngine(chosen);
}
