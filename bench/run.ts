// npm run bench -- <file or dir> [--runs N] [--ocr-engine tesseract,ppocr]
// Seconds per page (median, p90) and peak memory of the whole pipeline and per stage, beside the
// floor no engine on pdf.js can beat: pdf.js alone opening the file and reading every page's text
// content and operator list. Each measurement runs in its own process.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { V8_FLAGS } from '../bin/v8-flags.js';

interface Measurement {
  pages: number;
  perPage: number[];
  cpuPerPage?: number[];
  stages: Record<string, number>;
  maxRssMiB: number;
  error?: string;
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string' }, 'ocr-engine': { type: 'string' }, options: { type: 'string' }, 'no-ocr': { type: 'boolean' } } });
// --no-ocr: layout only (no OCR engine installed, as `tessera partition --no-ocr`): the speed goal.
if (values['no-ocr']) process.env.TESSERA_BENCH_NO_OCR = '1';
// The options object of every pipeline run, e.g. --options '{"table_mode":"none","text_mode":"auto"}'.
const optionsJson = values.options ?? '{}';
if (positionals.length === 0) {
  console.error('usage: npm run bench -- <file.pdf | directory> [--runs N] [--options JSON] [--ocr-engine tesseract,ppocr]');
  process.exit(2);
}
const runs = Number(values.runs ?? 1);

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(path, e.name)) : /\.pdf$/i.test(e.name) ? [join(path, e.name)] : []))
    .sort();
}

function measure(mode: 'floor' | 'pipeline', file: string, ocrEngine?: string): Measurement {
  // Floor and pipeline alike with the V8 settings `tessera` runs with.
  const out = execFileSync(process.execPath, [...V8_FLAGS, '--import', 'tsx', 'bench/measure.ts', mode, file, optionsJson], {
    env: ocrEngine ? { ...process.env, TESSERA_OCR_ENGINE: ocrEngine } : process.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Measurement;
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]!;
}

const all = { floor: [] as number[], pipeline: [] as number[], cpu: [] as number[], floorMem: 0, pipeMem: 0, stages: {} as Record<string, number>, pages: 0 };
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(4) : '   -  ');
console.log('file                                        pages  floor s/pg  tessera s/pg  ratio  peak MiB (floor/tessera)');
for (const file of positionals.flatMap(files)) {
  for (let r = 0; r < runs; r++) {
    const floor = measure('floor', file);
    const pipe = measure('pipeline', file);
    if (pipe.error || floor.error) {
      console.log(`${file.slice(-42).padEnd(42)}  skipped: ${pipe.error ?? floor.error}`);
      break;
    }
    all.floor.push(...floor.perPage);
    all.pipeline.push(...pipe.perPage);
    all.cpu.push(...(pipe.cpuPerPage ?? []));
    all.floorMem = Math.max(all.floorMem, floor.maxRssMiB);
    all.pipeMem = Math.max(all.pipeMem, pipe.maxRssMiB);
    all.pages += pipe.pages;
    for (const [k, v] of Object.entries(pipe.stages)) all.stages[k] = (all.stages[k] ?? 0) + v;
    const [f, p] = [quantile(floor.perPage, 0.5), quantile(pipe.perPage, 0.5)];
    console.log(
      `${file.slice(-42).padEnd(42)}  ${String(pipe.pages).padStart(5)}  ${fmt(f)}      ${fmt(p)}        ${(p / f).toFixed(2).padStart(5)}  ${floor.maxRssMiB.toFixed(0)}/${pipe.maxRssMiB.toFixed(0)}`,
    );
  }
}
const [fm, f90, pm, p90] = [quantile(all.floor, 0.5), quantile(all.floor, 0.9), quantile(all.pipeline, 0.5), quantile(all.pipeline, 0.9)];
// The mean is what a folder of these files costs per page; the median is a typical page.
const [fMean, pMean] = [mean(all.floor), mean(all.pipeline)];
console.log(`\nAll ${all.pages} pages`);
console.log(`  floor (pdf.js text + operator list): median ${fmt(fm)} s/page, p90 ${fmt(f90)}, mean ${fmt(fMean)}, peak ${all.floorMem.toFixed(0)} MiB`);
console.log(`  tessera pipeline:                    median ${fmt(pm)} s/page, p90 ${fmt(p90)}, mean ${fmt(pMean)}, peak ${all.pipeMem.toFixed(0)} MiB`);
console.log(`  tessera CPU (all threads):           median ${fmt(quantile(all.cpu, 0.5))} s/page, p90 ${fmt(quantile(all.cpu, 0.9))}, mean ${fmt(mean(all.cpu))}`);
console.log(`  ratio to floor: median ${(pm / fm).toFixed(2)}x, p90 ${(p90 / f90).toFixed(2)}x, mean ${(pMean / fMean).toFixed(2)}x`);
console.log('  per stage (s/page, all pages):');
for (const [stage, total] of Object.entries(all.stages)) console.log(`    ${stage.padEnd(8)} ${fmt(total / Math.max(1, all.pages))}`);

// --ocr-engine a,b: every file again through the pipeline with each OCR engine, side by side.
const ocrEngines = values['ocr-engine']?.split(',').filter(Boolean) ?? [];
if (ocrEngines.length) console.log('\nOCR engines (pipeline s/page median, OCR stage s/page, peak MiB):');
for (const engine of ocrEngines) {
  const perPage: number[] = [];
  const cpu: number[] = [];
  let ocr = 0;
  let pages = 0;
  let mem = 0;
  for (const file of positionals.flatMap(files)) {
    const m = measure('pipeline', file, engine);
    if (m.error) {
      console.log(`  ${engine.padEnd(10)} ${file.slice(-42)}: ${m.error}`);
      continue;
    }
    perPage.push(...m.perPage);
    cpu.push(...(m.cpuPerPage ?? []));
    ocr += m.stages.ocr ?? 0;
    pages += m.pages;
    mem = Math.max(mem, m.maxRssMiB);
  }
  console.log(
    `  ${engine.padEnd(10)} median ${fmt(quantile(perPage, 0.5))} s/page (CPU ${fmt(quantile(cpu, 0.5))} s/page), OCR ${fmt(ocr / Math.max(1, pages))} s/page, peak ${mem.toFixed(0)} MiB`,
  );
}
