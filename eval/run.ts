// npm run eval -- <corpus dir> [--out report.md] [--groups a,b] [--options '<json>'] [--no-ocr]
//   [--skip-stages tables] [--dump dir]
// --skip-stages drops page stages by name (e.g. `tables`, to measure layout alone);
// --dump writes each document's elements (<group>__<stem>.json) and Markdown (.md) to a folder.
// Runs the engine over every PDF of a corpus laid out like ../shared/corpus (one folder per group,
// truth files beside each PDF, MANIFEST.tsv for passwords) and prints, per group and overall, the
// metrics of every registered evaluator (evaluators.ts). With --out, also writes them as Markdown.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { installNodeOcr } from '../src/cli/ocr-node.ts';
import { installNodePdfEnvironment } from '../src/cli/node-raster.ts';
import { parseOptions, partition, renderMarkdown } from '../src/core/index.ts';
import { PAGE_STAGES } from '../src/core/stages.ts';
import type { PageStage } from '../src/core/stage.ts';
import { EVALUATORS } from './evaluators.ts';
import type { DocRun, Metric } from './types.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    groups: { type: 'string' },
    options: { type: 'string' },
    'no-ocr': { type: 'boolean' },
    'skip-stages': { type: 'string' },
    dump: { type: 'string' },
  },
});
if (positionals.length !== 1) {
  console.error("usage: npm run eval -- <corpus dir> [--out report.md] [--no-ocr] [--groups docling,olmocr] [--options '{\"threshold\":0.4}']");
  process.exit(2);
}
const corpus = resolve(positionals[0]!);
if (!existsSync(corpus)) {
  console.error(`eval: no corpus at ${corpus}`);
  process.exit(2);
}
const engineOptions: Record<string, unknown> = { ...(values.options ? (JSON.parse(values.options) as object) : {}), output_format: 'json' };
const parsed = parseOptions(engineOptions);
if (!parsed.ok) {
  console.error(`eval: bad --options: ${parsed.error.message}`);
  process.exit(2);
}
const markdownOptions = parsed.options.markdown_options;

/** User passwords from MANIFEST.tsv (`user=...` in the password column). */
function passwords(): Map<string, string> {
  const out = new Map<string, string>();
  const manifest = join(corpus, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return out;
  const [head, ...rows] = readFileSync(manifest, 'utf8').split('\n');
  const cols = head!.split('\t');
  const fileCol = cols.indexOf('file');
  const pwCol = cols.indexOf('password');
  for (const row of rows) {
    const cells = row.split('\t');
    const user = /(?:^|;)user=([^;]*)/.exec(cells[pwCol] ?? '')?.[1];
    if (user !== undefined && cells[fileCol]) out.set(cells[fileCol], user);
  }
  return out;
}

const skip = values['skip-stages']?.split(',') ?? [];
for (const name of skip) {
  // Measurement only: the eval runs the pipeline without the named stage (the list is shared state).
  const i = PAGE_STAGES.findIndex((st) => st.name === name);
  if (i < 0) {
    console.error(`eval: no page stage named ${name} (stages: ${PAGE_STAGES.map((st) => st.name).join(', ')})`);
    process.exit(2);
  }
  (PAGE_STAGES as PageStage[]).splice(i, 1);
}
if (values.dump) mkdirSync(values.dump, { recursive: true });

installNodePdfEnvironment();
// Scanned pages need OCR (tesseract.js, data from node_modules); --no-ocr measures born-digital text only.
if (!values['no-ocr']) installNodeOcr();
const pw = passwords();
const wanted = values.groups?.split(',');
const groups = readdirSync(corpus, { withFileTypes: true })
  .filter((e) => e.isDirectory() && (!wanted || wanted.includes(e.name)))
  .map((e) => e.name)
  .sort();

const runs: DocRun[] = [];
for (const group of groups) {
  const dir = join(corpus, group);
  for (const name of readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.pdf')).sort()) {
    const pdf = join(dir, name);
    const stem = basename(name, '.pdf');
    let pages = 0;
    const t0 = performance.now();
    const response = await partition({
      file: new Uint8Array(readFileSync(pdf)),
      options: engineOptions,
      password: pw.get(`${group}/${name}`),
      filename: name,
      onEvent: (e) => {
        if (e.kind === 'page') pages++;
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    const elements = response.elements ?? [];
    const md = response.status_code === 200 ? renderMarkdown(elements, markdownOptions) : '';
    const markdown = Array.isArray(md) ? md.join('\n') : md;
    const run: DocRun = { group, stem, pdf, dir, pages, elements, markdown, seconds };
    if (response.status_code !== 200) run.error = response.error ?? `status ${response.status_code}`;
    runs.push(run);
    if (values.dump) {
      writeFileSync(join(values.dump, `${group}__${stem}.json`), JSON.stringify(elements, null, 1));
      writeFileSync(join(values.dump, `${group}__${stem}.md`), markdown);
    }
    process.stderr.write(`${group}/${name}: ${pages} pages, ${seconds.toFixed(2)} s${run.error ? `, error: ${run.error}` : ''}\n`);
  }
}

interface Row {
  group: string;
  evaluator: string;
  metric: Metric;
}
const rows: Row[] = [];
for (const group of [...groups, 'overall']) {
  const selection = group === 'overall' ? runs : runs.filter((r) => r.group === group);
  for (const ev of EVALUATORS) {
    const applicable = selection.filter((r) => ev.appliesTo(r));
    if (applicable.length === 0) continue;
    for (const metric of ev.evaluate(applicable)) rows.push({ group, evaluator: ev.name, metric });
  }
}

const fmt = (v: number | null) => (v === null ? '-' : Number.isInteger(v) ? String(v) : v.toFixed(3));
const header = ['group', 'metric', 'value', 'n'];
const table = rows.map((r) => [r.group, r.metric.name, fmt(r.metric.value), String(r.metric.n)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const t of table) console.log(line(t));

if (values.out) {
  const md = [
    `# Tessera evaluation`,
    '',
    `Corpus: \`${corpus}\`; ${runs.length} documents, ${runs.reduce((s, r) => s + r.pages, 0)} pages; options: \`${JSON.stringify(engineOptions)}\`${skip.length ? `; stages skipped: ${skip.join(', ')}` : ''}.`,
    '',
    '| group | metric | value | n |',
    '|---|---|---:|---:|',
    ...table.map((t) => `| ${t.join(' | ')} |`),
    '',
  ].join('\n');
  writeFileSync(values.out, md);
  console.log(`\nwrote ${values.out}`);
}

// OCR worker threads end with the process.
process.exit(0);
