// OCR accuracy and speed on the corpus' scans, per engine:
//   npx tsx bench/ocr-eval.ts [--engine tesseract,ppocr] [files...]
// Defaults to docling/ocr_test*.pdf and docling/nemotron_multipage.pdf. For each file: character
// similarity of our text to the .gt.md (1 - normalised Indel distance, whitespace collapsed),
// seconds per page (OCR stage alone and whole pipeline), and for the rotated files whether
// orientation_correction turned the page by the right angle (expected angle from the file name).
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installNodePdfEnvironment } from '../src/cli/node-raster.ts';
import { installNodeOcr } from '../src/cli/ocr-node.ts';
import { partition } from '../src/core/index.ts';
import { releaseOcrEngines, setPreferredOcrEngine } from '../src/core/ocr/index.ts';
import { indelSimilarity } from '../eval/text-metrics.ts';

installNodePdfEnvironment();
installNodeOcr();

const { values, positionals } = parseArgs({ allowPositionals: true, options: { engine: { type: 'string' } } });
const engines = (values.engine ?? 'tesseract').split(',');
const corpus = process.env.TESSERA_CORPUS ?? path.resolve('..', 'shared', 'corpus');
const files = positionals.length
  ? positionals
  : ['ocr_test', 'ocr_test_rotated_90', 'ocr_test_rotated_180', 'ocr_test_rotated_270', 'nemotron_multipage'].map((n) =>
      path.join(corpus, 'docling', `${n}.pdf`),
    );

const norm = (s: string): string => s.replace(/[#*_|`>-]+/g, ' ').replace(/\s+/g, ' ').trim();

console.log('engine     file                        pages  similarity  ocr s/pg  total s/pg  orientation');
for (const engine of engines) {
  setPreferredOcrEngine(engine);
  const sims: number[] = [];
  let ocrSeconds = 0;
  let totalSeconds = 0;
  let pages = 0;
  let orientOk = 0;
  let orientAll = 0;
  for (const file of files) {
    if (!existsSync(file)) {
      console.log(`${engine.padEnd(10)} ${path.basename(file)}: not found (corpus at ${corpus})`);
      continue;
    }
    const gtFile = file.replace(/\.pdf$/, '.gt.md');
    let ocrMs = 0;
    const t0 = performance.now();
    const r = await partition({
      file: new Uint8Array(readFileSync(file)),
      options: { output_label_options: { orientation_correction: true } },
      onEvent: (e) => {
        if (e.kind === 'stage' && e.stage === 'ocr') ocrMs += e.ms;
      },
    });
    const total = performance.now() - t0;
    if (r.status_code !== 200) {
      console.log(`${engine.padEnd(10)} ${path.basename(file)}: ${r.error}`);
      continue;
    }
    const n = new Set(r.elements!.map((e) => e.properties.page_number)).size || 1;
    const text = norm(r.elements!.map((e) => e.text_representation).join(' '));
    const sim = existsSync(gtFile) ? indelSimilarity(text, norm(readFileSync(gtFile, 'utf8'))) : NaN;
    const expected = /rotated_(\d+)/.exec(file)?.[1];
    let orientation: string;
    if (expected) {
      const got = r.status.map((s) => /Corrected orientation of page 1: rotated (\d+)/.exec(s)?.[1]).find(Boolean) ?? '0';
      orientAll++;
      if (got === expected) orientOk++;
      orientation = `${got === expected ? 'ok' : 'WRONG'} (${got} vs ${expected})`;
    } else {
      orientation = r.status.filter((s) => /Corrected orientation/.test(s)).map((s) => s.replace(/^T\+\s*[\d.]+: /, '')).join('; ');
    }
    sims.push(sim);
    ocrSeconds += ocrMs / 1000;
    totalSeconds += total / 1000;
    pages += n;
    console.log(
      `${engine.padEnd(10)} ${path.basename(file).padEnd(27)} ${String(n).padStart(5)}  ${sim.toFixed(3).padStart(10)}  ${(ocrMs / 1000 / n).toFixed(2).padStart(8)}  ${(total / 1000 / n).toFixed(2).padStart(10)}  ${orientation}`,
    );
  }
  const mean = sims.reduce((a, b) => a + b, 0) / Math.max(1, sims.length);
  console.log(
    `${engine.padEnd(10)} ALL: mean similarity ${mean.toFixed(3)}, OCR ${(ocrSeconds / Math.max(1, pages)).toFixed(2)} s/page, total ${(totalSeconds / Math.max(1, pages)).toFixed(2)} s/page, orientation ${orientOk}/${orientAll}\n`,
  );
  await releaseOcrEngines();
}
