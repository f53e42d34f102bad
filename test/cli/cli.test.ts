// The `tessera` command as a user runs it: a real process, real files, exit codes and outputs.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOptions } from '../../src/core/index.ts';
import { buildPdf, type DocDesc } from '../fixtures/build-pdf.ts';
import { corpusDir, corpusFile, hasCorpus, warnIfNoCorpus } from '../fixtures/corpus.ts';

const BIN = join(import.meta.dirname, '../../bin/tessera.js');

async function tessera(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.env, args);
}

async function run(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], { env, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const doc = (pages: number): DocDesc => ({
  pages: Array.from({ length: pages }, (_, i) => ({
    footer: `${i + 1}`,
    blocks: [
      { kind: 'heading', level: i === 0 ? 1 : 2, text: i === 0 ? 'Command line report' : `Part ${i + 1}` },
      { kind: 'paragraph', text: `Paragraph on page ${i + 1}, long enough to wrap over more than one line of the page's column.` },
    ],
  })),
});

let dir: string;
let onePage: string;
let eightPages: string;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  onePage = join(dir, 'in', 'one.pdf');
  eightPages = join(dir, 'in', 'eight.pdf');
  mkdirSync(join(dir, 'in'));
  writeFileSync(onePage, (await buildPdf(doc(1))).bytes);
  writeFileSync(eightPages, (await buildPdf(doc(8))).bytes);
  writeFileSync(join(dir, 'in', 'broken.pdf'), '%PDF-1.7\nthis is not really a pdf');
});

describe('tessera partition', () => {
  it('prints the response JSON and exits 0', async () => {
    const { code, stdout } = await tessera('partition', onePage, '--jobs', '1');
    expect(code).toBe(0);
    const response = JSON.parse(stdout);
    expect(response.status_code).toBe(200);
    expect(response.elements.map((e: { text_representation: string }) => e.text_representation)).toContain('Command line report\n');
  });

  it('exits 1 with a 400 response naming the key for a bad option', async () => {
    const { code, stdout } = await tessera('partition', onePage, '--options', '{"output_format": "pdf"}', '--jobs', '1');
    expect(code).toBe(1);
    const response = JSON.parse(stdout);
    expect(response.status_code).toBe(400);
    expect(response.error).toContain('output_format');
  });

  it('reads options from @file and prints just the Markdown with --markdown', async () => {
    const opts = join(dir, 'opts.json');
    writeFileSync(opts, JSON.stringify({ markdown_options: { include_footers: true } }));
    const { code, stdout } = await tessera('partition', onePage, '--options', `@${opts}`, '--markdown', '--jobs', '1');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^# Command line report\n/);
    expect(stdout.trim().endsWith('1')).toBe(true); // the footer, kept on request
  });

  it('writes one output per input for a directory, and carries on past a broken file', async () => {
    const out = join(dir, 'out');
    const { code, stderr } = await tessera('partition', join(dir, 'in'), '--out', out, '--html', '--jobs', '2');
    expect(code).toBe(1); // broken.pdf failed
    expect(readdirSync(out).sort()).toEqual(['broken.html', 'eight.html', 'one.html']);
    expect(readFileSync(join(out, 'eight.html'), 'utf8')).toContain('<h2>Part 8</h2>');
    expect(readFileSync(join(out, 'broken.html'), 'utf8')).toMatch(/"status_code": 400[\s\S]*not a readable PDF/);
    expect(stderr).toMatch(/broken\.pdf: 400: The file is not a readable PDF/);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack traces
  });

  it('gives the same elements when one file is spread over threads', async () => {
    const one = JSON.parse((await tessera('partition', eightPages, '--jobs', '1')).stdout);
    const two = JSON.parse((await tessera('partition', eightPages, '--jobs', '2')).stdout);
    expect(two.status_code).toBe(200);
    expect(two.elements).toEqual(one.elements);
    expect(two.status.filter((l: string) => l.includes('Completed work'))).toHaveLength(8);
  });

  it('follows symbolic links to files and folders in a directory input', async () => {
    const linked = join(dir, 'linked');
    mkdirSync(join(linked, 'sub'), { recursive: true });
    symlinkSync(onePage, join(linked, 'one-link.pdf'));
    symlinkSync(join(dir, 'in'), join(linked, 'folder-link'));
    symlinkSync(linked, join(linked, 'sub', 'loop')); // a cycle: walked once, never forever
    const out = join(dir, 'linked-out');
    const { stdout } = await tessera('partition', linked, '--out', out, '--markdown', '--jobs', '1');
    expect(stdout).toBe('');
    expect(readdirSync(out).sort()).toEqual(['folder-link__broken.md', 'folder-link__eight.md', 'folder-link__one.md', 'one-link.md']);
    expect(readFileSync(join(out, 'one-link.md'), 'utf8')).toMatch(/^# Command line report\n/);
  });

  it('runs the same from the sources through tsx when the bundle is not used', async () => {
    const bundled = JSON.parse((await tessera('partition', eightPages, '--jobs', '2')).stdout);
    const fromSources = await run({ ...process.env, TESSERA_NO_BUNDLE: '1' }, ['partition', eightPages, '--jobs', '2']);
    expect(fromSources.code).toBe(0);
    expect(JSON.parse(fromSources.stdout).elements).toEqual(bundled.elements);
  });

  it('--no-ocr reads the embedded text alone, with the same elements', async () => {
    const plain = JSON.parse((await tessera('partition', eightPages, '--jobs', '2')).stdout);
    const noOcr = JSON.parse((await tessera('partition', eightPages, '--jobs', '2', '--no-ocr')).stdout);
    expect(noOcr.status_code).toBe(200);
    expect(noOcr.elements).toEqual(plain.elements);
  });
});

describe('usage errors exit 2 with a message', () => {
  it.each([
    [['partition'], /give a FILE/],
    [['frobnicate'], /unknown command/],
    [['partition', 'x.pdf', '--jobs', '0'], /--jobs/],
    [['partition', 'x.pdf', '--no-ocr', '--ocr-engine', 'ppocr'], /--no-ocr and --ocr-engine/],
    [['partition', 'x.pdf', '--options', '{nope'], /--options: not valid JSON/],
    [['partition', 'x.pdf', '--options', '[1]'], /--options: must be a JSON object/],
    [['partition', 'x.pdf', '--markdown', '--html'], /cannot be used together/],
    [['partition', '/no/such/file.pdf'], /no such file/],
    [['partition', '--bogus', 'x.pdf'], /bogus/],
    [['partition', 'x.pdf', '--ocr-engine', 'abbyy'], /--ocr-engine: must be one of tesseract, ppocr/],
  ])('%j', async (args, message) => {
    const { code, stderr } = await tessera(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('needs --out for several inputs', async () => {
    const { code, stderr } = await tessera('partition', join(dir, 'in'));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--out DIR/);
  });
});

describe('help', () => {
  it('lists every option of the schema with its default', async () => {
    const { code, stdout } = await tessera('--help-options');
    expect(code).toBe(0);
    for (const field of describeOptions()) expect(stdout).toContain(`  ${field.path} (`);
    expect(stdout).toContain('DEPRECATED, use');
  });

  it('explains the partition command', async () => {
    const { code, stdout } = await tessera('partition', '--help');
    expect(code).toBe(0);
    expect(stdout).toContain('--password');
  });
});

describe.skipIf(!hasCorpus)('tessera partition on the corpus', () => {
  warnIfNoCorpus('tessera partition on the corpus');

  it('opens an encrypted file with --password and asks for it otherwise', async () => {
    const file = corpusFile('robustness/password-example.pdf');
    const locked = await tessera('partition', file, '--jobs', '1');
    expect(locked.code).toBe(1);
    expect(JSON.parse(locked.stdout).error).toBe('400: The PDF is encrypted; give its password.');
    const open = await tessera('partition', file, '--password', 'test', '--jobs', '1');
    expect(open.code).toBe(0);
    expect(JSON.parse(open.stdout).elements.length).toBeGreaterThan(0);
  });

  it('--no-ocr skips a scanned page with a status line instead of reading it', async () => {
    const { code, stdout } = await tessera('partition', corpusFile('docling/ocr_test.pdf'), '--no-ocr', '--jobs', '1');
    expect(code).toBe(0);
    const response = JSON.parse(stdout);
    expect(response.status.join('\n')).toMatch(/OCR skipped on page 1: no OCR engine/);
    expect(response.elements.filter((e: { type: string; text_representation?: string }) => e.type !== 'Image' && e.text_representation)).toEqual([]);
  });

  it('returns elements or a clear 400 for every file, never a crash', async () => {
    const out = join(dir, 'corpus-out');
    const { stderr } = await tessera('partition', corpusDir, '--out', out, '--jobs', '2');
    expect(stderr).not.toMatch(/\n\s+at /);
    const outputs = readdirSync(out);
    expect(outputs.length).toBeGreaterThanOrEqual(70);
    for (const name of outputs) {
      const response = JSON.parse(readFileSync(join(out, name), 'utf8'));
      if (response.status_code === 200) expect(response.elements, name).toBeInstanceOf(Array);
      else {
        expect(response.status_code, name).toBe(400);
        expect(response.error, name).toMatch(/encrypted; give its password|not a readable PDF/);
      }
    }
    const ok = outputs.filter((n) => JSON.parse(readFileSync(join(out, n), 'utf8')).status_code === 200);
    expect(ok.length).toBeGreaterThanOrEqual(outputs.length - 6);
  }, 240_000);
});
